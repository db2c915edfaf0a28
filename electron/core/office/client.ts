// An editor's connection to the editorial office (docs/office.md): push events exactly once, pull a
// folder's events in the server's commit order behind the fence, be woken by LISTEN/NOTIFY. The
// server's answers are untrusted: every connection counts the bytes it receives (an answer over its
// budget closes the connection), rows are read as raw text and checked field by field, and a page with
// one bad row is refused whole. Errors are DeskErrors in an editor's words, with the password scrubbed.
import { readFileSync, statSync } from 'node:fs';
import { isIP } from 'node:net';
import type { Duplex } from 'node:stream';
import type { ClientConfig, QueryConfig } from 'pg';
import { Client } from 'pg';
import { DeskError } from '../../common/errors';
import type { ErrorCode } from '../../common/errors';
import {
  EDITOR_ROLE,
  EVENTS_CHANNEL,
  formatServerVersion,
  KIND_PATTERN,
  MAX_BODY_BYTES,
  MAX_FOLDER_LENGTH,
  MIN_SERVER_VERSION,
  OFFICE_SCHEMA_VERSION,
  OFFICE_WIDE_FOLDER,
  OFFICE_WIDE_KINDS,
  tooNewMessage,
} from './schema';
import type { OfficeCheck, OfficeCheckFailure, OfficeCursor, OfficeEvent, OfficeEventIn } from './types';

/** Events per push (one transaction) and per pulled page, at most. */
export const MAX_PUSH_EVENTS = 500;
export const MAX_PULL_EVENTS = 500;
/** Folders one read (pullMany) may name. */
export const MAX_PULL_FOLDERS = 64;
/** Bytes a connection may receive outside a query (startup, notices, notifications), per message. */
const IDLE_BUDGET = 1 << 20;
/** Bytes one pulled row may take on the wire besides its body (ids, names, numbers, framing). */
const ROW_OVERHEAD = 2048;
/** Bytes a small query's answer (folders, check, push) may take. */
const SMALL_BUDGET = 4 << 20;
const MAX_URL_LENGTH = 2048;
const MAX_CA_BYTES = 1 << 20;
const MAX_LOGIN_LENGTH = 63;

export interface OfficeConnectOptions {
  /** postgres://user[:password]@host[:port]/database[?sslmode=…] */
  url: string;
  /** The password, when not in the URL (from the keychain). */
  password?: string;
  connectTimeoutMs?: number;
  /** Server-side limit on one statement (statement_timeout). */
  statementTimeoutMs?: number;
}

interface Target {
  config: ClientConfig;
  where: string;
  login: string;
  secrets: string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DIGITS = /^\d{1,16}$/;
const SIGNED_DIGITS = /^-?\d{1,16}$/;

/** A DeskError from connecting, with the "Test connection" outcome it stands for. */
class OfficeConnectError extends DeskError {
  constructor(
    code: ErrorCode,
    message: string,
    readonly reason: OfficeCheckFailure,
  ) {
    super(code, message);
  }
}

function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h === '::1') return true;
  return isIP(h) === 4 && h.startsWith('127.');
}

function readCa(path: string): string {
  try {
    if (statSync(path).size > MAX_CA_BYTES) throw new Error('too large');
    return readFileSync(path, 'utf8');
  } catch {
    throw new OfficeConnectError(
      'invalid_input',
      `The certificate file named in the office address (${path}) cannot be read.`,
      'invalid_address',
    );
  }
}

/** Reads the office address; refuses a remote one without TLS before anything is sent. */
export function parseOfficeUrl(url: string, password?: string, connectTimeoutMs = 10_000, statementTimeoutMs = 15_000): Target {
  const bad = (why: string): never => {
    throw new OfficeConnectError('invalid_input', `The office address is not usable: ${why}.`, 'invalid_address');
  };
  if (typeof url !== 'string' || url.length > MAX_URL_LENGTH)
    bad(`it must be a postgres:// address of at most ${MAX_URL_LENGTH} characters`);
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return bad('it should look like postgres://editor@office.example.org/office?sslmode=verify-full');
  }
  if (u.protocol !== 'postgres:' && u.protocol !== 'postgresql:') bad('it must start with postgres://');
  if (u.hostname === '') bad('it names no server');
  const login = decodeURIComponent(u.username);
  if (login === '' || login.length > MAX_LOGIN_LENGTH) bad('it must name your office login (postgres://LOGIN@server/database)');
  const database = decodeURIComponent(u.pathname.replace(/^\//, '')) || login;
  const port = u.port === '' ? 5432 : Number(u.port);
  const pw = password ?? (u.password === '' ? undefined : decodeURIComponent(u.password));
  const host = u.hostname.replace(/^\[|\]$/g, '');
  const sslmode = u.searchParams.get('sslmode') ?? (isLoopback(host) ? 'disable' : '');
  const where = `${host}:${port}`;
  let ssl: ClientConfig['ssl'];
  switch (sslmode) {
    case 'disable':
    case 'allow':
    case 'prefer':
      ssl = false;
      break;
    case 'require':
      ssl = { rejectUnauthorized: false };
      break;
    case 'verify-ca':
    case 'verify-full': {
      const root = u.searchParams.get('sslrootcert');
      ssl = { rejectUnauthorized: true, ...(root ? { ca: readCa(root) } : {}) };
      if (sslmode === 'verify-ca') ssl.checkServerIdentity = () => undefined;
      break;
    }
    default:
      ssl = false;
  }
  if (ssl === false && !isLoopback(host)) {
    throw new OfficeConnectError(
      'invalid_input',
      `The office at ${where} must be reached over TLS: add ?sslmode=verify-full (or sslmode=require) to its address.`,
      'tls_required',
    );
  }
  const secrets = [url];
  if (pw !== undefined && pw !== '') secrets.push(pw, encodeURIComponent(pw));
  if (u.password !== '') secrets.push(u.password);
  return {
    config: {
      host,
      port,
      user: login,
      database,
      ...(pw === undefined ? {} : { password: pw }),
      ssl,
      connectionTimeoutMillis: connectTimeoutMs,
      statement_timeout: statementTimeoutMs,
      lock_timeout: statementTimeoutMs,
      idle_in_transaction_session_timeout: statementTimeoutMs * 2,
      query_timeout: statementTimeoutMs * 2,
      application_name: 'Referee Desk',
    },
    where,
    login,
    secrets,
  };
}

/** The text with every secret replaced. */
export function scrub(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s.length > 0) out = out.split(s).join('***');
  return out;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNRESET',
  'EPIPE',
]);

/** Maps whatever pg or the network threw to a DeskError in an editor's words. */
function officeError(err: unknown, target: Target): OfficeConnectError {
  if (err instanceof OfficeConnectError) return err;
  if (err instanceof DeskError) return new OfficeConnectError(err.code, err.message, 'server_error');
  const e = (err ?? {}) as { code?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  const raw = scrub(typeof e.message === 'string' ? e.message : String(err), target.secrets).slice(0, 300);
  const at = target.where;
  if (code === '28P01') {
    return new OfficeConnectError(
      'unauthorized',
      `The office at ${at} refused the login "${target.login}" or its password. Check them in Settings → Editorial office.`,
      'wrong_password',
    );
  }
  if (code === '28000') {
    return new OfficeConnectError(
      'unauthorized',
      `The office at ${at} does not accept the login "${target.login}" from this computer. Ask the office's IT.`,
      'wrong_password',
    );
  }
  if (code === '3D000') {
    return new OfficeConnectError(
      'not_found',
      `The database named in the office address does not exist on ${at}. Check the address.`,
      'no_database',
    );
  }
  if (code === '42501') {
    return new OfficeConnectError(
      'unauthorized',
      `The office refused this: your login "${target.login}" has no rights to it (no longer an office editor, or not of this journal).`,
      'not_editor',
    );
  }
  if (code === '3F000' || code === '42P01') {
    return new OfficeConnectError(
      'server_error',
      `The office was not set up in this database (IT runs "npm run office -- init"). Server said: ${raw}`,
      'schema_missing',
    );
  }
  if (code === '57014' || /^Query read timeout/.test(raw))
    return new OfficeConnectError('timeout', `The office at ${at} took too long to answer.`, 'unreachable');
  if (code.startsWith('08') || code.startsWith('57P') || NETWORK_CODES.has(code) || /timeout|terminated|closed|ended/i.test(raw)) {
    return new OfficeConnectError('offline', `The office at ${at} cannot be reached: ${raw}`, 'unreachable');
  }
  if (/certificate|self[- ]signed|SSL|TLS/i.test(raw) || code.startsWith('ERR_TLS') || code.includes('CERT')) {
    return new OfficeConnectError('offline', `The secure connection to the office at ${at} failed: ${raw}`, 'unreachable');
  }
  return new OfficeConnectError(
    'server_error',
    `The office at ${at} answered with an error${code ? ` (${code})` : ''}: ${raw}`,
    'server_error',
  );
}

/** Counts what a connection receives; past the current budget it closes the connection. */
class ByteBudget {
  private received = 0;
  private limit = IDLE_BUDGET;
  overflowed = false;

  constructor(client: Client) {
    const conn = client.connection;
    let current: Duplex = conn.stream;
    const watch = (stream: Duplex): void => {
      stream.on('data', (chunk: Buffer) => {
        if (stream !== current) return;
        this.received += chunk.length;
        if (this.received > this.limit && !this.overflowed) {
          this.overflowed = true;
          stream.destroy(new Error('The answer was larger than allowed'));
        }
      });
    };
    watch(current);
    conn.on('sslconnect', () => {
      current = conn.stream;
      watch(current);
    });
  }

  /** Starts counting an answer that may take `limit` bytes. */
  begin(limit: number): void {
    this.received = 0;
    this.limit = limit;
  }

  /** Back to the idle budget. */
  end(): void {
    this.received = 0;
    this.limit = IDLE_BUDGET;
  }
}

/** Every column read as the server's text: nothing is parsed by type before the checks below. */
const RAW_TYPES = { getTypeParser: () => (value: string) => value };

interface Connection {
  client: Client;
  budget: ByteBudget;
}

/**
 * Ends a connection politely, but without waiting more than a second on a server that does not read
 * (one still busy with a timed-out statement): then the socket is destroyed.
 */
async function shut(client: Client): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([client.end().catch(() => undefined), new Promise<void>((r) => (timer = setTimeout(r, 1000)))]);
  clearTimeout(timer);
  client.connection.stream.destroy();
}

async function open(target: Target): Promise<Connection> {
  const client = new Client(target.config);
  const budget = new ByteBudget(client);
  // An idle connection's failure surfaces on the next query; without a listener it would end the process.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (err) {
    await shut(client);
    throw officeError(err, target);
  }
  return { client, budget };
}

function badAnswer(what: string, folder?: string): DeskError {
  const where = folder === undefined ? '' : ` for journal "${folder.slice(0, MAX_FOLDER_LENGTH)}"`;
  return new DeskError('bad_response', `The office server sent an answer the app cannot use${where} (${what}); nothing of it was kept.`);
}

/** The length of a value's jsonb text as PostgreSQL writes it (`{"a": 1, "b": [1, 2]}`), or an error. */
export function jsonbTextBytes(body: unknown): number {
  let text: string | undefined;
  try {
    text = JSON.stringify(body);
  } catch {
    text = undefined;
  }
  if (text === undefined) throw new DeskError('invalid_input', 'An office event has no JSON body.', { field: 'body' });
  if (text.length > MAX_BODY_BYTES * 2) return Buffer.byteLength(text);
  // jsonb writes ", " and ": " between items, and refuses the NUL character.
  let extra = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) {
        if (text.startsWith('u0000', i + 1))
          throw new DeskError('invalid_input', 'An office event body contains a NUL character.', { field: 'body' });
        i++;
      } else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x2c || c === 0x3a) extra++;
  }
  return Buffer.byteLength(text) + extra;
}

function checkEventIn(e: OfficeEventIn, i: number): string {
  const bad = (field: string, why: string): never => {
    throw new DeskError('invalid_input', `Office event ${i + 1} cannot be sent: ${why}.`, { field });
  };
  if (e === null || typeof e !== 'object') bad('event', 'it is not an event');
  if (typeof e.id !== 'string' || !UUID.test(e.id)) bad('id', 'its id is not a UUID');
  if (typeof e.folder !== 'string' || e.folder.length === 0 || e.folder.length > MAX_FOLDER_LENGTH)
    bad('folder', 'its journal name is empty or too long');
  if (typeof e.kind !== 'string' || !KIND_PATTERN.test(e.kind)) bad('kind', 'its kind is not lowercase letters, "_" and "." (at most 40)');
  const bytes = jsonbTextBytes(e.body);
  if (bytes > MAX_BODY_BYTES) bad('body', `its body is ${Math.ceil(bytes / 1024)} KB, more than the office's 64 KB`);
  return JSON.stringify(e.body);
}

export class OfficeClient {
  private listener: Connection | null = null;
  private closed = false;
  private broken = false;

  private constructor(
    private readonly conn: Connection,
    private readonly target: Target,
  ) {
    conn.client.on('end', () => {
      this.broken = true;
    });
  }

  /** Connects as the editor; refuses a remote address without TLS before connecting. */
  static async connect(opts: OfficeConnectOptions): Promise<OfficeClient> {
    const target = parseOfficeUrl(opts.url, opts.password, opts.connectTimeoutMs, opts.statementTimeoutMs);
    return new OfficeClient(await open(target), target);
  }

  /** "Test connection": connects, checks, closes; never throws. */
  static async check(opts: OfficeConnectOptions): Promise<OfficeCheck> {
    let client: OfficeClient;
    try {
      client = await OfficeClient.connect(opts);
    } catch (err) {
      const e = err instanceof OfficeConnectError ? err : null;
      return { ok: false, reason: e?.reason ?? 'server_error', message: e?.message ?? 'The office could not be reached.' };
    }
    try {
      return await client.check();
    } finally {
      await client.close();
    }
  }

  get login(): string {
    return this.target.login;
  }

  private async query(config: QueryConfig, budget = SMALL_BUDGET): Promise<unknown[][]> {
    if (this.closed) throw new DeskError('cancelled', 'The office connection was closed.');
    if (this.broken)
      throw new OfficeConnectError('offline', `The connection to the office at ${this.target.where} was lost.`, 'unreachable');
    this.conn.budget.begin(budget);
    try {
      const r = await this.conn.client.query<unknown[]>({ ...config, rowMode: 'array', types: RAW_TYPES });
      if (!Array.isArray(r.rows)) throw badAnswer('no rows');
      return r.rows;
    } catch (err) {
      if (this.conn.budget.overflowed) {
        this.broken = true;
        throw badAnswer(`more than ${Math.ceil(budget / 1024)} KB`);
      }
      const mapped = officeError(err, this.target);
      if (mapped.code === 'offline' || mapped.code === 'timeout') {
        // A timed-out query leaves the connection's state unknown: the caller reconnects.
        this.broken = true;
        await shut(this.conn.client);
      }
      throw mapped;
    } finally {
      this.conn.budget.end();
    }
  }

  /** What "Test connection" tells the editor, once connected. */
  async check(): Promise<OfficeCheck> {
    const fail = (reason: OfficeCheckFailure, message: string): OfficeCheck => ({ ok: false, reason, message });
    try {
      const [info] = await this.query({
        text:
          `SELECT current_setting('server_version_num'), current_user, to_regnamespace('office') IS NOT NULL, ` +
          `CASE WHEN to_regrole($1) IS NULL THEN false ELSE pg_has_role(current_user, $1, 'USAGE') END`,
        values: [EDITOR_ROLE],
      });
      if (!info || info.length !== 4) throw badAnswer('the check returned no row');
      const [versionText, login, hasSchema, isEditor] = info;
      const version = Number(versionText);
      if (!Number.isSafeInteger(version) || version < MIN_SERVER_VERSION) {
        return fail(
          'server_too_old',
          `The office server runs PostgreSQL ${formatServerVersion(version)}; the office needs PostgreSQL 15 or newer.`,
        );
      }
      if (hasSchema !== 't')
        return fail('schema_missing', 'The office was not set up in this database yet: IT runs "npm run office -- init".');
      if (isEditor !== 't') {
        return fail(
          'not_editor',
          `Your login "${String(login)}" is not an editor of this office: IT adds you with "npm run office -- add-editor".`,
        );
      }
      const [meta] = await this.query({ text: `SELECT value FROM office.meta WHERE key = 'schema_version'` });
      const schemaVersion = Number(meta?.[0]);
      if (!Number.isSafeInteger(schemaVersion)) {
        return fail('schema_missing', 'The office was not set up in this database yet: IT runs "npm run office -- init".');
      }
      if (schemaVersion > OFFICE_SCHEMA_VERSION) return fail('schema_too_new', tooNewMessage(schemaVersion));
      if (schemaVersion < OFFICE_SCHEMA_VERSION) {
        return fail(
          'schema_too_old',
          'The office was set up by an older Referee Desk: IT runs "npm run office -- init" to bring it up to date.',
        );
      }
      const folders = await this.folders();
      if (folders.length === 0) {
        return fail(
          'no_folders',
          `Your login "${String(login)}" has no rights to any journal of the office: IT adds them with "--folders".`,
        );
      }
      return { ok: true, login: String(login), folders, serverVersion: version, schemaVersion };
    } catch (err) {
      const e = err instanceof OfficeConnectError ? err : officeError(err, this.target);
      return fail(e.reason, e.message);
    }
  }

  /** The journals this editor belongs to. */
  async folders(): Promise<string[]> {
    const rows = await this.query({ text: 'SELECT folder FROM office.members WHERE login = current_user ORDER BY folder LIMIT 10001' });
    if (rows.length > 10_000) throw badAnswer('more than 10,000 journals');
    return rows.map((r) => {
      const f = r[0];
      if (r.length !== 1 || typeof f !== 'string' || f.length === 0 || f.length > MAX_FOLDER_LENGTH) throw badAnswer('a journal name');
      return f;
    });
  }

  /**
   * Sends a batch in one transaction, exactly once: an event whose id the office already has is
   * skipped, so a batch retried after a lost answer inserts nothing twice.
   */
  async push(events: readonly OfficeEventIn[]): Promise<void> {
    if (!Array.isArray(events)) throw new DeskError('invalid_input', 'Office events must be a list.');
    if (events.length === 0) return;
    if (events.length > MAX_PUSH_EVENTS) throw new DeskError('invalid_input', `At most ${MAX_PUSH_EVENTS} office events are sent at once.`);
    const bodies = events.map(checkEventIn);
    // One round trip: the office's row-level security refuses the whole batch if any event is not the editor's
    // to write; only then are the editor's journals read, to name the one refused.
    try {
      await this.query({
        text:
          'INSERT INTO office.events (id, folder, kind, body) ' +
          'SELECT i, f, k, b::jsonb FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) AS t(i, f, k, b) ' +
          'ON CONFLICT (id) DO NOTHING',
        values: [events.map((e) => e.id), events.map((e) => e.folder), events.map((e) => e.kind), bodies],
      });
    } catch (err) {
      if (err instanceof OfficeConnectError && err.reason === 'not_editor') {
        const foreign = await this.notMine(events).catch(() => undefined);
        if (foreign) {
          throw new OfficeConnectError(
            'unauthorized',
            `Your login "${this.target.login}" cannot write to journal "${foreign.folder}" in the office: you are not one of its editors.`,
            'no_folders',
          );
        }
      }
      throw err;
    }
  }

  /** The first event of a batch the editor may not write: a journal not theirs, or a kind the office-wide folder does not take. */
  private async notMine(events: readonly OfficeEventIn[]): Promise<OfficeEventIn | undefined> {
    const mine = new Set(await this.folders());
    // The office-wide folder takes its own kinds from any editor (office schema 3); a journal, any kind from its editors.
    const wide = (e: OfficeEventIn) => e.folder === OFFICE_WIDE_FOLDER && (OFFICE_WIDE_KINDS as readonly string[]).includes(e.kind);
    return events.find((e) => !mine.has(e.folder) && !wide(e));
  }

  /**
   * The folder's events after `cursor`, in commit order: only rows of transactions older than the
   * oldest one still running, so a row can never appear later below the returned cursor. `held`: rows
   * of the folder already committed wait behind that fence (an older transaction is still open).
   */
  async pull(
    folder: string,
    cursor: OfficeCursor,
    limit: number = MAX_PULL_EVENTS,
  ): Promise<{ events: OfficeEvent[]; cursor: OfficeCursor; held: boolean }> {
    return (await this.pullMany([{ folder, cursor }], limit))[0]!;
  }

  /**
   * pull() of several folders in one statement (one round trip, one snapshot, one fence): for each, in the
   * order asked, up to `limit` events after its cursor and whether committed rows of it wait behind the fence.
   * At most MAX_PULL_FOLDERS folders, and `limit` × folders at most MAX_PULL_EVENTS.
   */
  async pullMany(
    wants: ReadonlyArray<{ folder: string; cursor: OfficeCursor }>,
    limit: number,
  ): Promise<Array<{ events: OfficeEvent[]; cursor: OfficeCursor; held: boolean }>> {
    if (!Array.isArray(wants) || wants.length === 0 || wants.length > MAX_PULL_FOLDERS) {
      throw new DeskError('invalid_input', `Between 1 and ${MAX_PULL_FOLDERS} journals are read at once.`, { field: 'folder' });
    }
    for (const { folder, cursor } of wants) {
      if (typeof folder !== 'string' || folder.length === 0 || folder.length > MAX_FOLDER_LENGTH) {
        throw new DeskError('invalid_input', 'The journal name is empty or too long.', { field: 'folder' });
      }
      if (!cursor || !Number.isSafeInteger(cursor.xid) || !Number.isSafeInteger(cursor.seq) || cursor.xid < 0 || cursor.seq < 0) {
        throw new DeskError('invalid_input', 'The office cursor is not a pair of whole numbers.', { field: 'cursor' });
      }
    }
    if (new Set(wants.map((w) => w.folder)).size !== wants.length) {
      throw new DeskError('invalid_input', 'A journal is named twice in one read.', { field: 'folder' });
    }
    if (!Number.isSafeInteger(limit) || limit < 1 || limit * wants.length > MAX_PULL_EVENTS) {
      throw new DeskError('invalid_input', `At most ${MAX_PULL_EVENTS} office events are read at once.`, { field: 'limit' });
    }
    // One statement, so one snapshot: each folder's page below the fence (the oldest transaction still running),
    // then one row per folder (its id null) with the fence and whether committed rows of it wait behind it.
    const rows = await this.query(
      {
        text:
          'WITH c AS (SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[]) WITH ORDINALITY AS c(folder, xid, seq, ord)), ' +
          'f AS (SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint AS fence) ' +
          'SELECT id, folder, author, kind, bytes, body, xid, seq, at FROM (' +
          'SELECT e.id::text AS id, e.folder, e.author, e.kind, octet_length(e.body::text) AS bytes, ' +
          `CASE WHEN octet_length(e.body::text) <= ${MAX_BODY_BYTES} THEN e.body::text END AS body, ` +
          'e.xid, e.seq, floor(extract(epoch FROM e.at) * 1000)::bigint AS at, 0 AS m, c.ord ' +
          'FROM c CROSS JOIN f CROSS JOIN LATERAL (SELECT * FROM office.events e ' +
          'WHERE e.folder = c.folder AND (e.xid, e.seq) > (c.xid, c.seq) AND e.xid < f.fence ORDER BY e.xid, e.seq LIMIT $4) e ' +
          'UNION ALL ' +
          'SELECT NULL, c.folder, NULL, CASE WHEN EXISTS (SELECT 1 FROM office.events h WHERE h.folder = c.folder AND h.xid >= f.fence) ' +
          "THEN 'held' ELSE 'clear' END, NULL, NULL, f.fence, NULL, NULL, 1, c.ord FROM c CROSS JOIN f" +
          ') r ORDER BY m, ord, xid, seq',
        values: [wants.map((w) => w.folder), wants.map((w) => String(w.cursor.xid)), wants.map((w) => String(w.cursor.seq)), limit],
      },
      limit * wants.length * (MAX_BODY_BYTES + ROW_OVERHEAD) + SMALL_BUDGET,
    );
    if (rows.length < wants.length) throw badAnswer('no fence', wants[0]!.folder);
    const metas = rows.slice(rows.length - wants.length);
    let fenceXid = NaN;
    const held = metas.map((meta, i) => {
      const folder = wants[i]!.folder;
      if (
        !Array.isArray(meta) ||
        meta.length !== 9 ||
        meta[0] !== null ||
        meta[1] !== folder ||
        (meta[3] !== 'held' && meta[3] !== 'clear')
      )
        throw badAnswer('no fence', folder);
      const f = typeof meta[6] === 'string' && DIGITS.test(meta[6]) ? Number(meta[6]) : NaN;
      if (!Number.isSafeInteger(f) || (i > 0 && f !== fenceXid)) throw badAnswer('a transaction number', folder);
      fenceXid = f;
      return meta[3] === 'held';
    });
    const index = new Map(wants.map((w, i) => [w.folder, i]));
    const pages = wants.map(() => [] as OfficeEvent[]);
    const last = wants.map((w) => ({ xid: w.cursor.xid, seq: w.cursor.seq }));
    for (const row of rows.slice(0, rows.length - wants.length)) {
      const i = Array.isArray(row) ? index.get(row[1] as string) : undefined;
      if (i === undefined) throw badAnswer('an event of another journal', wants[0]!.folder);
      const folder = wants[i]!.folder;
      const event = readEvent(row as unknown[], folder);
      const prev = last[i]!;
      if (event.xid < prev.xid || (event.xid === prev.xid && event.seq <= prev.seq)) throw badAnswer('events out of order', folder);
      if (event.xid >= fenceXid) throw badAnswer('an event above the fence', folder);
      if (pages[i]!.length >= limit) throw badAnswer(`more than the ${limit} events asked for`, folder);
      last[i] = { xid: event.xid, seq: event.seq };
      pages[i]!.push(event);
    }
    return wants.map((w, i) => {
      if (pages[i]!.length === 0 && w.cursor.xid > 0) requireFenceAhead(w.cursor, fenceXid);
      return { events: pages[i]!, cursor: last[i]!, held: held[i]! };
    });
  }

  /**
   * Wakes `onWake(folder)` on every event the office stores, on a connection of its own; `onLost`
   * is told once when that connection fails (the caller reconnects with backoff).
   */
  async listen(onWake: (folder: string) => void, onLost?: (err: unknown) => void): Promise<void> {
    if (this.closed) throw new DeskError('cancelled', 'The office connection was closed.');
    await this.stopListening();
    const conn = await open({ ...this.target, config: { ...this.target.config, keepAlive: true } });
    this.listener = conn;
    let lost = false;
    const lose = (err: unknown): void => {
      if (lost || this.listener !== conn) return;
      lost = true;
      this.listener = null;
      void shut(conn.client);
      onLost?.(conn.budget.overflowed ? badAnswer('a notification larger than allowed') : officeError(err, this.target));
    };
    conn.client.on('error', lose);
    conn.client.on('end', () => lose(new Error('connection ended')));
    conn.client.on('notification', (msg) => {
      conn.budget.end();
      if (msg.channel !== EVENTS_CHANNEL || typeof msg.payload !== 'string') return;
      if (msg.payload.length === 0 || msg.payload.length > MAX_FOLDER_LENGTH) return;
      onWake(msg.payload);
    });
    try {
      await conn.client.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch (err) {
      this.listener = null;
      lost = true;
      await shut(conn.client);
      throw officeError(err, this.target);
    }
  }

  private async stopListening(): Promise<void> {
    const l = this.listener;
    this.listener = null;
    if (l) await shut(l.client);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.stopListening();
    await shut(this.conn.client);
  }
}

/**
 * A cursor is always below the fence it was read under, and the fence never goes back on one
 * cluster. A fence at or below the cursor means the office's transaction numbers restarted (the
 * database was restored or copied into another cluster): every new event would sort below the
 * cursor and never be pulled, so this is refused instead of waiting forever.
 */
function requireFenceAhead(cursor: OfficeCursor, fence: number): void {
  if (fence <= cursor.xid) {
    throw new DeskError(
      'bad_response',
      'The office database was restored or moved to another server: its transaction numbers went back, so new events cannot be ' +
        'told apart from old ones. Unlink the office and link it again to read it from the start (IT: docs/office.md, Backups).',
    );
  }
}

function readEvent(row: unknown[], folder: string): OfficeEvent {
  const bad = (what: string): never => {
    throw badAnswer(what, folder);
  };
  if (!Array.isArray(row) || row.length !== 9) bad('a row of the wrong shape');
  const [id, f, author, kind, bytes, body, xid, seq, at] = row;
  if (typeof id !== 'string' || !UUID.test(id)) bad('an event id that is not a UUID');
  if (f !== folder) bad('an event of another journal');
  if (typeof author !== 'string' || author.length === 0 || author.length > MAX_LOGIN_LENGTH) bad('an author name');
  if (typeof kind !== 'string' || !KIND_PATTERN.test(kind)) bad('an event kind');
  if (body === null)
    bad(`an event body of ${typeof bytes === 'string' && DIGITS.test(bytes) ? Math.ceil(Number(bytes) / 1024) : '?'} KB, over 64 KB`);
  if (typeof body !== 'string' || body.length > MAX_BODY_BYTES || Buffer.byteLength(body) > MAX_BODY_BYTES) bad('an event body over 64 KB');
  const num = (v: unknown, pattern: RegExp, what: string): number => {
    const n = typeof v === 'string' && pattern.test(v) ? Number(v) : NaN;
    return Number.isSafeInteger(n) ? n : bad(what);
  };
  const event: OfficeEvent = {
    id: id as string,
    folder,
    author: author as string,
    kind: kind as string,
    body: undefined,
    xid: num(xid, DIGITS, 'a transaction number'),
    seq: num(seq, DIGITS, 'a sequence number'),
    at: num(at, SIGNED_DIGITS, 'a time'),
  };
  try {
    event.body = JSON.parse(body as string) as unknown;
  } catch {
    bad('an event body that is not JSON');
  }
  return event;
}
