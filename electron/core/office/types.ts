// The editorial office's wire shapes (docs/office.md): an event as the editor's core makes it, as the
// office stores and returns it, the pull cursor, and the outcome of "Test connection".

/** An event made by an editor's core; `id` is made by the client once and makes the push idempotent. */
export interface OfficeEventIn {
  /** A UUID (any version), made by the client. */
  id: string;
  /** The journal folder the event belongs to. */
  folder: string;
  /** What happened, e.g. `shortlist.add`: lowercase letters, `_` and `.`, at most 40 characters. */
  kind: string;
  /** Any JSON value; at most 64 KB as the office stores it. */
  body: unknown;
}

/** An event as pulled from the office: the server set its author, transaction, order and time. */
export interface OfficeEvent extends OfficeEventIn {
  /** The office login (PostgreSQL role) that pushed it. */
  author: string;
  /** The pushing transaction's id: events are read in (xid, seq) order. */
  xid: number;
  /** The server's insertion number. */
  seq: number;
  /** When the server stored it, in ms since the epoch. */
  at: number;
}

/** Where a folder's pull stopped: every event up to (xid, seq) has been read. Start at {xid: 0, seq: 0}. */
export interface OfficeCursor {
  xid: number;
  seq: number;
}

/** Why "Test connection" did not succeed. */
export type OfficeCheckFailure =
  | 'unreachable' // no route, refused, timed out
  | 'tls_required' // a remote address without sslmode=require or verify-*
  | 'invalid_address' // not a postgres:// URL
  | 'wrong_password' // the server refused the user name or password
  | 'no_database' // the database named in the address does not exist
  | 'server_too_old' // PostgreSQL before 15
  | 'schema_missing' // the office was never set up in this database (`npm run office -- init`)
  | 'schema_too_new' // set up by a newer Referee Desk
  | 'schema_too_old' // set up by an older Referee Desk: IT runs `npm run office -- init` again
  | 'not_editor' // the login is not an office editor
  | 'no_folders' // an editor, but of no journal
  | 'server_error'; // anything else the server answered

/** The outcome of "Test connection", in the editor's words. */
export type OfficeCheck =
  | { ok: true; login: string; folders: string[]; serverVersion: number; schemaVersion: number }
  | { ok: false; reason: OfficeCheckFailure; message: string };
