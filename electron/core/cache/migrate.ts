import type { Database } from 'better-sqlite3';
import { DeskError } from '../../common/errors';
import type { Logger } from '../ports';
import type { Migration } from './migrations';

export function userVersion(db: Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

export function tooNewError(found: number, latest: number): DeskError {
  return new DeskError(
    'database_too_new',
    `This cache was written by a newer Referee Desk (schema ${found}; this version knows up to ${latest}). ` +
      'Update Referee Desk to open it; the file has been left untouched.',
  );
}

/** The version a database has after the whole list. */
export const latestOf = (migrations: readonly Migration[]): number => migrations[migrations.length - 1]?.version ?? 0;

/**
 * Brings the database up to `target` (default: the last migration), one transaction per step,
 * as Signal Desktop's ts/sql/migrations does. Returns the versions applied.
 */
export function migrate(db: Database, migrations: readonly Migration[], logger: Logger, target = latestOf(migrations)): number[] {
  migrations.forEach((m, i) => {
    if (m.version <= (migrations[i - 1]?.version ?? 0) || (i === 0 && m.version !== 1))
      throw new Error(`migration list out of order: position ${i + 1} holds version ${m.version}`);
  });
  const latest = latestOf(migrations);
  const current = userVersion(db);
  if (current > latest) throw tooNewError(current, latest);
  const applied: number[] = [];
  for (const m of migrations) {
    if (m.version <= current || m.version > target) continue;
    db.transaction(() => {
      m.up(db);
      db.pragma(`user_version = ${m.version}`);
    })();
    logger.log('info', 'cache migration applied', { version: m.version, name: m.name });
    applied.push(m.version);
  }
  return applied;
}
