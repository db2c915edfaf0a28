// The Reviewers view's search on a real cache: a common word (more than a thousand matches)
// walks the sort index, a rare one sorts its matches; both give the same page as sorting every
// match, with offsets, ties broken by id.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCache, type Cache } from '../../electron/core/cache';
import { MemoryLogger, tempDir } from './cache/fixtures';

let cache: Cache;
let cleanup: () => void;
beforeEach(() => {
  const t = tempDir();
  cleanup = t.cleanup;
  cache = openCache({ file: `${t.dir}/c.db`, clock: { now: () => 1 }, logger: new MemoryLogger() });
  const ins = cache.db.prepare(
    'INSERT INTO ledger_people (name, affiliation, suggested, invited, first_seen_at, last_seen_at) VALUES (?, ?, ?, ?, 1, 1)',
  );
  cache.db.transaction(() => {
    for (let i = 0; i < 3000; i++)
      ins.run(`Person ${i} ${i % 10 === 0 ? 'Rarename' : 'Common'}`, i % 2 ? 'University of Oxford' : 'ETH Zürich', (i * 7919) % 97, i % 5);
  })();
});
afterEach(() => {
  cache.close();
  cleanup();
});

const expected = (
  pred: (r: { name: string; affiliation: string }) => boolean,
  key: 'suggested' | 'invited' | 'name',
  dir: 'asc' | 'desc',
) =>
  cache.db
    .prepare<[], { id: number; name: string; affiliation: string; suggested: number; invited: number }>(
      'SELECT id, name, affiliation, suggested, invited FROM ledger_people',
    )
    .all()
    .filter(pred)
    .sort((a, b) => {
      const c = key === 'name' ? a.name.toLowerCase().localeCompare(b.name.toLowerCase()) : a[key] - b[key];
      return (dir === 'asc' ? c : -c) || a.id - b.id;
    })
    .map((r) => r.id);

describe('ledger search', () => {
  it('a word with 1,500 matches gives the same pages as sorting them all', () => {
    const all = expected((r) => r.affiliation.includes('Oxford'), 'suggested', 'desc');
    const page = cache.ledger.query({ text: 'oxford', sort: { by: 'suggested' }, limit: 20, offset: 40 });
    expect(page.total).toBe(1500);
    expect(page.rows.map((r) => r.personId)).toEqual(all.slice(40, 60));
    const byInvited = cache.ledger.query({ text: 'oxf', sort: { by: 'invited', dir: 'desc' }, limit: 10 });
    expect(byInvited.rows.map((r) => r.personId)).toEqual(
      expected((r) => r.affiliation.includes('Oxford'), 'invited', 'desc').slice(0, 10),
    );
    const ascending = cache.ledger.query({ text: 'oxford', sort: { by: 'suggested', dir: 'asc' }, limit: 10 });
    expect(ascending.rows.map((r) => r.personId)).toEqual(
      expected((r) => r.affiliation.includes('Oxford'), 'suggested', 'asc').slice(0, 10),
    );
  });

  it('a rare word sorts its matches; no text lists everyone', () => {
    const page = cache.ledger.query({ text: 'rarename', sort: { by: 'suggested' }, limit: 500 });
    expect(page.total).toBe(300);
    expect(page.rows.map((r) => r.personId)).toEqual(expected((r) => r.name.includes('Rarename'), 'suggested', 'desc'));
    expect(cache.ledger.query({ limit: 5 }).total).toBe(3000);
  });
});
