import type { LedgerPersonRow, LedgerQuery } from '../../../electron/common/shapes';
import { desk } from '../platform/instance';

/** Rows fetched per request while exporting. */
const CHUNK = 5000;

/** Every person the Reviewers view's query matches (up to `max`), for an export: fetched in chunks, in the view's order. */
export async function everyLedgerMatch(query: Omit<LedgerQuery, 'limit' | 'offset'>, max: number): Promise<LedgerPersonRow[]> {
  const all: LedgerPersonRow[] = [];
  for (let offset = 0; offset < max; offset += CHUNK) {
    const got = await desk().invoke('ledger.query', { ...query, limit: CHUNK, offset });
    all.push(...got.rows);
    if (got.rows.length < CHUNK || all.length >= got.total) break;
  }
  return all;
}
