import type { Database } from 'better-sqlite3';

/** One schema step. Append-only: a released migration is never edited, a change is a new file. */
export interface Migration {
  /** The PRAGMA user_version the database has after this step; 1, 2, 3…, increasing (a number written on another
   * branch may be missing until the branches merge). */
  readonly version: number;
  readonly name: string;
  /** Runs inside the transaction that also sets user_version, so a step applies whole or not at all. */
  up(db: Database): void;
}
