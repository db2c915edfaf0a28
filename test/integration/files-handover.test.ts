// One staging of a dropped file: files/staging.ts writes, checks and hashes it once; the outbox takes
// it over by moving its folder into the uploads folder (same bytes, same inode), with the hash
// staging measured. A queued upload keeps its file across a restart, a discarded one deletes it, an
// upload that cannot be queued gives the file back to staging, and a file never queued is swept.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCache, type Cache } from '../../electron/core/cache';
import { safeName, StagingArea } from '../../electron/core/files/staging';
import { Outbox } from '../../electron/core/outbox';
import { form, ManualClock, MemoryLogger, tempDir } from './cache/fixtures';
import { FakeService, addFakeProfile } from './outbox/fakes';

const P = 'p1';
const BYTES = Buffer.from('%PDF-1.7\nthe manuscript body, hashed once\n%%EOF\n');
const SHA = createHash('sha256').update(BYTES).digest('hex');

let dir: string;
let cleanup: () => void;
let cache: Cache;
let api: FakeService;
let hashed: string[];
let staging: StagingArea;

const uploads = () => join(dir, 'uploads');

function open(): Cache {
  return openCache({ file: join(dir, 'cache.db'), clock: new ManualClock(), logger: new MemoryLogger() });
}

const outboxOf = (c: Cache, profileId = P) =>
  new Outbox({ cache: c, profileId, api, clock: new ManualClock(), logger: new MemoryLogger(), uploadsDir: uploads() });

beforeEach(() => {
  ({ dir, cleanup } = tempDir('desk-handover-'));
  cache = open();
  addFakeProfile(cache, P);
  api = new FakeService();
  hashed = [];
  staging = new StagingArea(join(dir, 'staging'), {
    hash: async (path) => {
      hashed.push(path);
      return createHash('sha256').update(BYTES).digest('hex');
    },
  });
});
afterEach(() => {
  cache.close();
  cleanup();
});

describe('a dropped file, staged then queued', () => {
  it('is hashed once, when staged: the outbox moves the same file (same inode) and sends it with that hash', async () => {
    const s = await staging.stageBytes('C:\\drafts\\final: v2?.pdf', BYTES);
    expect(s).toMatchObject({ name: safeName('C:\\drafts\\final: v2?.pdf'), size: BYTES.length, sha256: SHA });
    expect(s.name).toBe('final_ v2_.pdf');
    const stagedPath = await staging.path(s.id);
    const inode = statSync(stagedPath).ino;

    const outbox = outboxOf(cache);
    const { manuscriptId } = outbox.queueUpload({ form: form('ms-1'), file: await staging.take(s.id, uploads()) });
    const file = cache.manuscripts.getById(manuscriptId)!.file!;
    expect(file).toEqual({ name: 'final_ v2_.pdf', size: BYTES.length, sha256: SHA, path: join(uploads(), s.id, 'final_ v2_.pdf') });
    expect(statSync(file.path).ino).toBe(inode);
    expect(existsSync(stagedPath)).toBe(false);
    await expect(staging.path(s.id)).rejects.toThrow(/no longer staged/);
    expect(readdirSync(staging.dir)).toEqual([]);

    await outbox.drain();
    expect(api.manuscripts.get('ms-1')).toMatchObject({ uploads: 1, fileSha: SHA });
    expect(hashed).toEqual([stagedPath]);
  });

  it('survives a restart: the queued upload still has its file and sends it', async () => {
    const s = await staging.stageBytes('paper.pdf', BYTES);
    outboxOf(cache).queueUpload({ form: form('ms-1'), file: await staging.take(s.id, uploads()) });
    cache.close();

    cache = open();
    const restarted = outboxOf(cache);
    restarted.recover();
    const path = cache.manuscripts.get(P, 'ms-1')!.file!.path;
    expect(existsSync(path)).toBe(true);
    expect((await restarted.drain()).sent).toBe(1);
    expect(api.manuscripts.get('ms-1')).toMatchObject({ fileSha: SHA });
    expect(hashed).toHaveLength(1);
  });

  it('is deleted when its upload is discarded', async () => {
    const s = await staging.stageBytes('paper.pdf', BYTES);
    const outbox = outboxOf(cache);
    const { entryId } = outbox.queueUpload({ form: form('ms-1'), file: await staging.take(s.id, uploads()) });
    const path = cache.manuscripts.get(P, 'ms-1')!.file!.path;
    outbox.discard(entryId);
    expect(existsSync(path)).toBe(false);
    expect(readdirSync(uploads())).toEqual([]);
  });

  it('goes back to staging when the upload cannot be queued, and can be sent again', async () => {
    const s = await staging.stageBytes('paper.pdf', BYTES);
    // A profile that is not in the cache: recording the manuscript fails inside the transaction.
    const taken = await staging.take(s.id, uploads());
    expect(() => outboxOf(cache, 'nobody').queueUpload({ form: form('ms-1'), file: taken })).toThrow();
    expect(readdirSync(uploads())).toEqual([]);
    expect(await staging.path(s.id)).toBe(join(staging.dir, s.id, 'paper.pdf'));

    outboxOf(cache).queueUpload({ form: form('ms-1'), file: await staging.take(s.id, uploads()) });
    expect(cache.manuscripts.get(P, 'ms-1')!.file).toMatchObject({ sha256: SHA });
    expect(hashed).toHaveLength(1);
  });

  it('a re-upload without a new file sends the manuscript’s own file, neither copied nor hashed again', async () => {
    const s = await staging.stageBytes('paper.pdf', BYTES);
    const outbox = outboxOf(cache);
    outbox.queueUpload({ form: form('ms-1'), file: await staging.take(s.id, uploads()) });
    await outbox.drain();
    const file = cache.manuscripts.get(P, 'ms-1')!.file!;
    const { entryId } = outbox.queueUpload({ form: form('ms-1', { title: 'Second title' }) });
    expect(outbox.get(entryId)).toMatchObject({ data: { file } });
    expect(readdirSync(uploads())).toEqual([s.id]);
    await outbox.drain();
    expect(api.manuscripts.get('ms-1')).toMatchObject({ uploads: 2, fileSha: SHA });
    // discarding such a re-upload keeps the file the manuscript still has
    const again = outbox.queueUpload({ form: form('ms-1', { title: 'Third title' }) });
    outbox.discard(again.entryId);
    expect(existsSync(file.path)).toBe(true);
  });

  it('a staged file never queued is swept with its record after the age limit', async () => {
    const s = await staging.stageBytes('paper.pdf', BYTES);
    expect(readdirSync(staging.dir).sort()).toEqual([s.id, `${s.id}.json`].sort());
    expect(staging.sweep(60_000, Date.now())).toBe(0);
    const old = new Date(Date.now() - 120_000);
    for (const e of readdirSync(staging.dir)) utimesSync(join(staging.dir, e), old, old);
    expect(staging.sweep(60_000, Date.now())).toBe(1);
    expect(readdirSync(staging.dir)).toEqual([]);
  });

  it('bytes that are not a manuscript are refused before anything is written, by drop or by path', async () => {
    await expect(staging.stageBytes('notes.pdf', Buffer.from('plain text, named .pdf'))).rejects.toThrow(/PDF|DOCX/);
    const picked = join(dir, 'picked.pdf');
    writeFileSync(picked, '%PDF-1.7\na PDF cut off before its end');
    await expect(staging.stagePath(picked)).rejects.toThrow(/damaged|incomplete|end/i);
    expect(readdirSync(staging.dir)).toEqual([]);
    expect(hashed).toEqual([]);
  });

  it('a picked file is staged with the format its check found and one hash of the staged copy', async () => {
    const picked = join(dir, 'picked.pdf');
    writeFileSync(picked, BYTES);
    const s = await staging.stagePath(picked);
    expect(s).toMatchObject({ name: 'picked.pdf', size: BYTES.length, format: 'pdf', sha256: SHA });
    expect(readdirSync(staging.dir).sort()).toEqual([s.id, `${s.id}.json`].sort());
    expect(hashed).toEqual([await staging.path(s.id)]);
  });

  it('two uploads of one staged file at once: one takes it, the other is told it is no longer staged', async () => {
    const s = await staging.stageBytes('paper.pdf', BYTES);
    const results = await Promise.allSettled([staging.take(s.id, uploads()), staging.take(s.id, uploads())]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failed = results.find((r) => r.status === 'rejected');
    expect(String(failed?.reason)).toMatch(/no longer staged/);
    expect(readdirSync(uploads())).toEqual([s.id]);
  });
});
