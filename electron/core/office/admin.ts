// Setting up an office, as its IT does (`npm run office -- …`, docs/office.md): create or migrate the
// schema and the editors' group role, add and remove editors. Runs with an administrator's address
// (a superuser, or a role with CREATEROLE that owns the office schema).
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { DeskError } from '../../common/errors';
import { parseOfficeUrl, scrub } from './client';
import {
  EDITOR_ROLE,
  MAX_FOLDER_LENGTH,
  migrateOffice,
  OFFICE_WIDE_FOLDER,
  OFFICE_SCHEMA_VERSION,
  officeSchemaVersion,
  tooNewMessage,
} from './schema';

/** What an editor's login may look like: it becomes a PostgreSQL role name. */
export const LOGIN_PATTERN = /^[a-z_][a-z0-9_.-]{0,62}$/;
const RESERVED = /^(pg_|office_)/;

export interface AdminOptions {
  url: string;
  password?: string;
}

async function withAdmin<T>(opts: AdminOptions, fn: (client: Client) => Promise<T>): Promise<T> {
  const target = parseOfficeUrl(opts.url, opts.password, 10_000, 120_000);
  const client = new Client(target.config);
  client.on('error', () => undefined);
  try {
    await client.connect();
    return await fn(client);
  } catch (err) {
    if (err instanceof DeskError) throw err;
    const e = err as { code?: unknown; message?: unknown };
    const code = typeof e.code === 'string' ? ` (${e.code})` : '';
    const message = scrub(typeof e.message === 'string' ? e.message : String(err), target.secrets);
    throw new DeskError('server_error', `The office server at ${target.where} answered${code}: ${message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const ident = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/**
 * A SCRAM-SHA-256 verifier for `password` (RFC 5802, PostgreSQL's stored form), so the password
 * itself never travels in a statement the server might log.
 */
export function scramVerifier(password: string, iterations = 4096): string {
  const salt = randomBytes(16);
  const salted = pbkdf2Sync(password.normalize('NFKC'), salt, iterations, 32, 'sha256');
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  const storedKey = createHash('sha256').update(clientKey).digest();
  const serverKey = createHmac('sha256', salted).update('Server Key').digest();
  return `SCRAM-SHA-256$${iterations}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}

function checkLogin(login: string): void {
  if (!LOGIN_PATTERN.test(login) || RESERVED.test(login)) {
    throw new DeskError(
      'invalid_input',
      `"${login.slice(0, 80)}" cannot be an editor's login: use lowercase letters, digits, "_", "." or "-" (at most 63, not starting with pg_ or office_).`,
      { field: 'login' },
    );
  }
}

function checkFolders(folders: readonly string[]): string[] {
  const list = [...new Set(folders.map((f) => f.trim()).filter((f) => f !== ''))];
  if (list.length === 0) throw new DeskError('invalid_input', 'Name at least one journal with --folders J1,J2.', { field: 'folders' });
  for (const f of list) {
    // eslint-disable-next-line no-control-regex
    if (f.length > MAX_FOLDER_LENGTH || /[\u0000-\u001f]/.test(f)) {
      throw new DeskError('invalid_input', `The journal name "${f.slice(0, 80)}" is too long or has control characters.`, {
        field: 'folders',
      });
    }
    if (f === OFFICE_WIDE_FOLDER) {
      throw new DeskError('invalid_input', `"${OFFICE_WIDE_FOLDER}" is the office's own folder for office-wide decisions, not a journal.`, {
        field: 'folders',
      });
    }
  }
  return list;
}

async function requireCurrentSchema(client: Client): Promise<void> {
  const v = await officeSchemaVersion(client);
  if (v > OFFICE_SCHEMA_VERSION) throw new DeskError('database_too_new', tooNewMessage(v));
  if (v < OFFICE_SCHEMA_VERSION)
    throw new DeskError('conflict', 'The office is not set up (or is out of date) in this database: run "npm run office -- init" first.');
}

/** Creates or migrates the office schema and the editors' role; running it again changes nothing. */
export async function initOffice(opts: AdminOptions): Promise<{ from: number; to: number }> {
  return await withAdmin(opts, (client) => migrateOffice(client));
}

/**
 * Makes `login` an editor of exactly `folders`: the login role is created if missing (with the
 * password, when given), made a member of office_editor, the folders created if missing.
 */
export async function addEditor(
  opts: AdminOptions,
  login: string,
  folders: readonly string[],
  password?: string,
): Promise<{ created: boolean }> {
  checkLogin(login);
  const list = checkFolders(folders);
  if (password !== undefined && (password.length < 8 || password.length > 1024)) {
    throw new DeskError('invalid_input', "An editor's password must have 8 to 1024 characters.", { field: 'password' });
  }
  return await withAdmin(opts, async (client) => {
    await requireCurrentSchema(client);
    await client.query('BEGIN');
    try {
      const exists = await client.query<{ login: boolean }>('SELECT rolcanlogin AS login FROM pg_catalog.pg_roles WHERE rolname = $1', [
        login,
      ]);
      const row = exists.rows[0];
      const secret = password === undefined ? '' : ` PASSWORD '${scramVerifier(password)}'`;
      if (!row) await client.query(`CREATE ROLE ${ident(login)} LOGIN${secret}`);
      else if (!row.login || secret) await client.query(`ALTER ROLE ${ident(login)} LOGIN${secret}`);
      await client.query(`GRANT ${EDITOR_ROLE} TO ${ident(login)}`);
      await client.query('INSERT INTO office.folders (name) SELECT unnest($1::text[]) ON CONFLICT (name) DO NOTHING', [list]);
      await client.query('DELETE FROM office.members WHERE login = $1 AND NOT (folder = ANY($2::text[]))', [login, list]);
      await client.query('INSERT INTO office.members (login, folder) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING', [login, list]);
      await client.query('COMMIT');
      return { created: !row };
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
  });
}

/** Takes `login` out of the office: memberships removed, office_editor revoked. Their events stay. */
export async function removeEditor(opts: AdminOptions, login: string): Promise<{ memberships: number }> {
  checkLogin(login);
  return await withAdmin(opts, async (client) => {
    await requireCurrentSchema(client);
    await client.query('BEGIN');
    try {
      const gone = await client.query('DELETE FROM office.members WHERE login = $1', [login]);
      const role = await client.query('SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = $1', [login]);
      if (role.rowCount) await client.query(`REVOKE ${EDITOR_ROLE} FROM ${ident(login)}`);
      else if (!gone.rowCount) throw new DeskError('not_found', `There is no editor "${login}" in this office.`, { field: 'login' });
      await client.query('COMMIT');
      return { memberships: gone.rowCount ?? 0 };
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
  });
}
