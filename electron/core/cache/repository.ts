import type { Database } from 'better-sqlite3';
import type { Clock } from '../ports';
import type { ChangeFeed } from './changes';

/**
 * What a repository of the cache is built from: the database, the clock its writes stamp with, and the
 * feed its writes note their change topics in. A subclass declares its statements as fields
 * (`private readonly x = this.db.prepare<Params, Row>(sql)`), each written once with its types; they are
 * prepared when it is built, after this constructor has set `db`.
 */
export abstract class Repository {
  constructor(
    protected readonly db: Database,
    protected readonly clock: Clock,
    protected readonly changes: ChangeFeed,
  ) {}
}
