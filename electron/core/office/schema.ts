// The office's PostgreSQL schema (docs/office.md): numbered migrations (./migrations, a file each), each applied in
// one transaction and recorded in office.meta('schema_version'). Append a migration; never edit or reorder a released one.
import type { ClientBase } from 'pg';
import { DeskError } from '../../common/errors';
import { OFFICE_MIGRATIONS } from './migrations';

export interface OfficeMigration {
  version: number;
  name: string;
  /** SQL run in the migration's transaction, as the administrator. */
  up: string;
}

/** The group role whose members are the office's editors. */
export const EDITOR_ROLE = 'office_editor';
/** The notification channel an insert into office.events wakes, with the folder as payload. */
export const EVENTS_CHANNEL = 'office_events';
/** The oldest PostgreSQL the office runs on (server_version_num). */
export const MIN_SERVER_VERSION = 150000;
/** The largest event body, in bytes of the body's jsonb text. */
export const MAX_BODY_BYTES = 65536;
/** What an event's kind looks like (the same pattern as the table's check). */
export const KIND_PATTERN = /^[a-z][a-z_.]{0,39}$/;
/** The longest folder name. */
export const MAX_FOLDER_LENGTH = 200;
/**
 * The folder of the office-wide decisions about people (office schema 3): every editor of the office (anyone
 * with a journal) reads it and writes OFFICE_WIDE_KINDS into it; no one is its member, and no journal may be
 * named so.
 */
export const OFFICE_WIDE_FOLDER = '(office)';
/** The kinds of event the office-wide folder takes: decisions about a person or an address, not about a journal's manuscript. */
export const OFFICE_WIDE_KINDS = ['person.do_not_invite', 'person.availability', 'email.bounced'] as const;
export type OfficeWideKind = (typeof OFFICE_WIDE_KINDS)[number];

/** Every schema step in order (electron/core/office/migrations/, a file each). */
export { OFFICE_MIGRATIONS };

export const OFFICE_SCHEMA_VERSION = OFFICE_MIGRATIONS.length;

/** The schema version recorded in a database: 0 when the office was never set up there. */
export async function officeSchemaVersion(client: ClientBase): Promise<number> {
  const meta = await client.query<{ present: boolean }>(`SELECT to_regclass('office.meta') IS NOT NULL AS present`);
  if (!meta.rows[0]?.present) return 0;
  const r = await client.query<{ value: string }>(`SELECT value FROM office.meta WHERE key = 'schema_version'`);
  const raw = r.rows[0]?.value;
  if (raw === undefined) return 0;
  const version = Number(raw);
  if (!Number.isSafeInteger(version) || version < 0) {
    throw new DeskError('bad_response', `The office's schema version is unreadable ("${raw.slice(0, 40)}").`);
  }
  return version;
}

export function tooNewMessage(version: number): string {
  return (
    `This office was set up by a newer Referee Desk (office schema ${version}; this app knows up to ${OFFICE_SCHEMA_VERSION}). ` +
    'Update Referee Desk; the office was left as it is.'
  );
}

/** The server's version as server_version_num (e.g. 150004), refused below PostgreSQL 15. */
export async function requireServerVersion(client: ClientBase): Promise<number> {
  const r = await client.query<{ v: string }>(`SELECT current_setting('server_version_num') AS v`);
  const v = Number(r.rows[0]?.v);
  if (!Number.isSafeInteger(v) || v < MIN_SERVER_VERSION) {
    throw new DeskError(
      'unsupported',
      `The office server runs PostgreSQL ${formatServerVersion(v)}; the office needs PostgreSQL 15 or newer.`,
    );
  }
  return v;
}

export function formatServerVersion(v: number): string {
  if (!Number.isSafeInteger(v) || v <= 0) return 'of an unknown version';
  return `${Math.floor(v / 10000)}.${v % 10000}`;
}

/**
 * Creates or brings the office schema up to `target` (default: the newest), one transaction per
 * migration, serialized against a concurrent init by an advisory lock. A database set up by a newer
 * app is refused and left untouched. Needs an administrator's connection (it creates a role).
 */
export async function migrateOffice(
  client: ClientBase,
  target: number = OFFICE_SCHEMA_VERSION,
  migrations: readonly OfficeMigration[] = OFFICE_MIGRATIONS,
): Promise<{ from: number; to: number }> {
  await requireServerVersion(client);
  const before = await officeSchemaVersion(client);
  if (before > migrations.length) throw new DeskError('database_too_new', tooNewMessage(before));
  let version = before;
  for (const m of migrations) {
    if (m.version > target) break;
    await client.query('BEGIN');
    try {
      await client.query(`SELECT pg_advisory_xact_lock(hashtext('referee-desk office migrate'))`);
      await client.query('CREATE SCHEMA IF NOT EXISTS office');
      await client.query('CREATE TABLE IF NOT EXISTS office.meta (key text PRIMARY KEY, value text NOT NULL)');
      // Read again under the lock: a concurrent init may have applied it meanwhile.
      version = await officeSchemaVersion(client);
      if (version > migrations.length) throw new DeskError('database_too_new', tooNewMessage(version));
      if (version >= m.version) {
        await client.query('COMMIT');
        continue;
      }
      await client.query(m.up);
      await client.query(
        `INSERT INTO office.meta (key, value) VALUES ('schema_version', $1) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
        [String(m.version)],
      );
      await client.query('COMMIT');
      version = m.version;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
  }
  return { from: before, to: version };
}
