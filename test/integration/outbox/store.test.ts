import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCache, type Cache } from '../../../electron/core/cache';
import { OUTBOX_SQL } from '../../../electron/core/outbox/store';
import { ManualClock, MemoryLogger, tempDir } from '../cache/fixtures';

let cleanup: () => void;
let cache: Cache;

beforeEach(() => {
  const t = tempDir('desk-outbox-store-');
  cleanup = t.cleanup;
  cache = openCache({ file: join(t.dir, 'cache.db'), clock: new ManualClock(), logger: new MemoryLogger() });
});

afterEach(() => {
  cache.close();
  cleanup();
});

const PARAMS = {
  profileId: 'p',
  kind: 'upload',
  entityKey: 'k',
  payload: '{}',
  dependsOn: null,
  dueAt: 0,
  now: 0,
  id: 1,
  state: 'queued',
  attempts: 0,
  nextAttemptAt: 0,
  errorCode: null,
  errorMessage: null,
  parkReason: null,
  serviceId: 1,
  groupLocalId: 1,
  from: 'author:1:',
  to: 'author:1;',
};

describe('OutboxStore', () => {
  it('uses named parameters only', () => {
    for (const [name, sql] of Object.entries(OUTBOX_SQL)) expect(sql, name).not.toMatch(/\?/);
  });

  it('reads and updates the outbox through an index, never a scan of the whole table', () => {
    for (const [name, sql] of Object.entries(OUTBOX_SQL)) {
      if (/^\s*INSERT/i.test(sql)) continue;
      const stmt = cache.db.prepare(`EXPLAIN QUERY PLAN ${sql}`);
      const used = Object.fromEntries(Object.entries(PARAMS).filter(([k]) => sql.includes(`@${k}`)));
      const plan = (stmt.all(used) as Array<{ detail: string }>).map((r) => r.detail);
      const scans = plan.filter((d) => /^SCAN (outbox|o|e|d)\b/.test(d) && !/USING (COVERING )?INDEX/.test(d));
      expect(scans, `${name}: ${plan.join(' | ')}`).toEqual([]);
    }
  });
});
