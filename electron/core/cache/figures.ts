// The cache's figures for the diagnostics report (Help → Copy diagnostics): row counts, the outbox by
// state and the file's size with its WAL. SQL stays with the cache; each read is tolerant, since the
// report is wanted most when something is wrong (an unreadable table counts -1).
import { statSync } from 'node:fs';
import type { Cache } from './open';

export interface CacheFigures {
  cacheBytes: number | null;
  counts: Record<string, number>;
  outbox: Record<string, number>;
}

const COUNTED = ['profiles', 'manuscripts', 'runs', 'candidates', 'authors_groups', 'group_authors', 'marks'] as const;

/** Row counts and the outbox by state, read from the open cache; the cache file's size with its WAL. */
export function cacheFigures(cache: Pick<Cache, 'db' | 'file'>): CacheFigures {
  const counts: Record<string, number> = {};
  for (const table of COUNTED) {
    try {
      counts[table] = (cache.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    } catch {
      counts[table] = -1;
    }
  }
  const outbox: Record<string, number> = {};
  try {
    for (const r of cache.db
      .prepare(`SELECT state, count(*) AS n FROM outbox WHERE state != 'done' GROUP BY state ORDER BY state`)
      .all() as Array<{ state: string; n: number }>) {
      outbox[r.state] = r.n;
    }
  } catch {
    outbox['unreadable'] = 1;
  }
  let cacheBytes: number | null = null;
  for (const f of [cache.file, `${cache.file}-wal`]) {
    try {
      cacheBytes = (cacheBytes ?? 0) + statSync(f).size;
    } catch {
      // no WAL yet
    }
  }
  return { cacheBytes, counts, outbox };
}
