// Manuscripts and runs shared in the office (cache/office-runs.ts) with editors' caches on an office held
// in memory (test/support/fake-office.ts): a colleague's upload becomes a manuscript with its candidates in
// the other editor's cache after one sync, own runs coming back are not written twice, a manuscript the
// editor has keeps its form, a run that does not read is refused whole, and a move to a folder the
// editor cannot see takes the colleague's copy away.
import { gzipSync } from 'node:zlib';
import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Cache } from '../../../electron/core/cache';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  FILE_PART_KIND,
  MAX_RUN_BYTES,
  MAX_SHARED_FILE,
  MOVED_KIND,
  PART_KIND,
  RUN_KIND,
  runEvents,
} from '../../../electron/core/cache/office-runs';
import type { OfficeSync } from '../../../electron/core/office/sync';
import { linkedCache, OFFICE_PROFILE, recordRun, syncedEditor, eachFakeOffice } from '../../support/office';
import { ManualClock, form, range, response } from '../cache/fixtures';

const P = OFFICE_PROFILE;
const URL = 'postgres://office.example/desk';
const clock = new ManualClock();
const t = eachFakeOffice({ ann: ['JOURNAL-A', 'JOURNAL-B'], bob: ['JOURNAL-A'], cat: ['JOURNAL-A', 'JOURNAL-B'], dan: ['JOURNAL-C'] });

interface Editor {
  cache: Cache;
  sync: OfficeSync;
}

function editor(login: string): Editor {
  return syncedEditor(login, { url: URL, clock, connect: t.office.connect(login), cleanups: t.cleanups });
}

/** The editor's upload answered (as the outbox commits it): the run recorded and shared. */
function upload(e: Editor, originId: string, authors: number[], folder = 'JOURNAL-A') {
  const r = recordRun(e.cache, originId, authors, folder);
  e.cache.officeRuns.publish(r.runId);
  return r;
}

const byOrigin = (e: Editor, originId: string) => e.cache.manuscripts.get(P, originId);

describe('a colleague’s upload in the office', () => {
  it('Bob sees Ann’s manuscript, its candidates and the run’s author after one sync, and shortlists from it without the file', async () => {
    const ann = editor('ann');
    const bob = editor('bob');
    const dan = editor('dan');
    upload(ann, 'ms-1', range(100, 40));
    await ann.sync.syncNow();
    expect(t.office.events.map((e) => e.kind)).toEqual([RUN_KIND, PART_KIND]);

    await bob.sync.syncNow();
    const m = byOrigin(bob, 'ms-1');
    expect(m).toMatchObject({
      uploadedBy: 'ann',
      folder: 'JOURNAL-A',
      title: expect.stringContaining('ms-1'),
      syncState: 'synced',
      file: null,
    });
    const runs = bob.cache.manuscripts.runs(m!.id);
    expect(runs).toEqual([expect.objectContaining({ seq: 1, uploadedBy: 'ann', candidatesCount: 40, folder: 'JOURNAL-A' })]);
    const page = bob.cache.candidates.query(runs[0]!.id, { limit: 100 });
    expect(page.total).toBe(40);
    expect(page.rows.map((r) => r.authorId)).toEqual(range(100, 40));
    // The people are in his ledger like those of his own uploads.
    expect(bob.cache.ledger.personOf(100)).toBeDefined();
    bob.cache.shortlist.add(P, m!.id, [100, 101]);
    expect(bob.cache.shortlist.list(m!.id).map((s) => s.authorId)).toEqual([100, 101]);

    // An editor of another journal sees nothing of it.
    await dan.sync.syncNow();
    expect(byOrigin(dan, 'ms-1')).toBeUndefined();
  });

  it('Ann’s own run back from the office is not written again; a second sync changes nothing', async () => {
    const ann = editor('ann');
    const r = upload(ann, 'ms-2', [1, 2, 3]);
    await ann.sync.syncNow();
    await ann.sync.syncNow();
    const m = byOrigin(ann, 'ms-2')!;
    expect(m.uploadedBy).toBeNull();
    expect(ann.cache.manuscripts.runs(m.id).map((x) => x.id)).toEqual([r.runId]);
    const bob = editor('bob');
    await bob.sync.syncNow();
    await bob.sync.syncNow();
    expect(bob.cache.manuscripts.runs(byOrigin(bob, 'ms-2')!.id)).toHaveLength(1);
  });

  it('a manuscript Bob uploaded himself keeps his form and folder; Ann’s run of it becomes his run #2, the newest', async () => {
    const ann = editor('ann');
    const bob = editor('bob');
    const own = bob.cache.runs.recordUploadRun(P, { form: form('ms-3', { title: 'Bob’s title' }) }, response(21, 'ms-3', [5, 6]));
    clock.advance(60_000);
    upload(ann, 'ms-3', [7, 8, 9]);
    await ann.sync.syncNow();
    await bob.sync.syncNow();
    const m = byOrigin(bob, 'ms-3')!;
    expect(m.id).toBe(own.manuscriptId);
    expect(m.title).toBe('Bob’s title');
    expect(m.uploadedBy).toBe('ann');
    const runs = bob.cache.manuscripts.runs(m.id);
    expect(runs.map((r) => [r.seq, r.uploadedBy, r.candidatesCount])).toEqual([
      [1, null, 2],
      [2, 'ann', 3],
    ]);
    expect(m.lastRunId).toBe(runs[1]!.id);
    // His next own upload is his again.
    bob.cache.runs.recordUploadRun(P, { form: form('ms-3', { title: 'Bob’s title' }) }, response(21, 'ms-3', [5]));
    expect(byOrigin(bob, 'ms-3')!.uploadedBy).toBeNull();
  });

  it('a run of 500 candidates travels in parts that each fit the office’s 64 KiB', async () => {
    const ann = editor('ann');
    const bob = editor('bob');
    upload(ann, 'ms-big', range(1000, 500));
    await ann.sync.syncNow();
    const sizes = t.office.events.map((e) => Buffer.byteLength(JSON.stringify(e.body)));
    expect(Math.max(...sizes)).toBeLessThan(65_536);
    await bob.sync.syncNow();
    const runs = bob.cache.manuscripts.runs(byOrigin(bob, 'ms-big')!.id);
    expect(bob.cache.candidates.query(runs[0]!.id, { limit: 1000 }).total).toBe(500);
  });

  it('a run whose parts do not match its hash, or that unzips past the bound, is refused whole', async () => {
    const bob = editor('bob');
    const conn = await t.office.connect('ann')();
    const events = runEvents(form('ms-bad'), response(3, 'ms-bad', [1, 2]), { originId: 'ms-bad', title: 'x', uploadedAt: 1 })!;
    const broken = { ...events.parts[0]!, data: events.parts[0]!.data.slice(0, -8) + 'AAAAAAA=' };
    // A bomb: a few KB of gzip that unzip far past the bound, with a head whose hash matches.
    const bombZip = gzipSync(Buffer.alloc(MAX_RUN_BYTES + 1024, 0x20));
    const bombKey = randomUUID();
    await conn.push([
      { id: randomUUID(), folder: 'JOURNAL-A', kind: RUN_KIND, body: events.head },
      { id: randomUUID(), folder: 'JOURNAL-A', kind: PART_KIND, body: broken },
      {
        id: randomUUID(),
        folder: 'JOURNAL-A',
        kind: RUN_KIND,
        body: {
          runKey: bombKey,
          originId: 'ms-bomb',
          title: 'b',
          parts: 1,
          sha256: createHash('sha256').update(bombZip).digest('hex'),
          uploadedAt: 1,
        },
      },
      {
        id: randomUUID(),
        folder: 'JOURNAL-A',
        kind: PART_KIND,
        body: { runKey: bombKey, originId: 'ms-bomb', index: 0, data: bombZip.toString('base64') },
      },
    ]);
    await bob.sync.syncNow();
    expect(byOrigin(bob, 'ms-bad')).toBeUndefined();
    expect(byOrigin(bob, 'ms-bomb')).toBeUndefined();
    const refused = bob.cache.db.prepare('SELECT origin_id, refused FROM office_runs ORDER BY origin_id').all();
    expect(refused).toEqual([
      { origin_id: 'ms-bad', refused: expect.stringMatching(/hash/) },
      { origin_id: 'ms-bomb', refused: expect.stringMatching(/unzip/) },
    ]);
    expect(bob.cache.db.prepare('SELECT count(*) AS n FROM office_run_parts').get()).toEqual({ n: 0 });
    await conn.close();
  });

  it('a run whose form names another folder than the one it travelled in is refused', async () => {
    const bob = editor('bob');
    const conn = await t.office.connect('ann')();
    const events = runEvents(form('ms-x', { folder: 'JOURNAL-B' }), response(3, 'ms-x', [1]), {
      originId: 'ms-x',
      title: 'x',
      uploadedAt: 1,
    })!;
    await conn.push([
      { id: randomUUID(), folder: 'JOURNAL-A', kind: RUN_KIND, body: events.head },
      ...events.parts.map((p) => ({ id: randomUUID(), folder: 'JOURNAL-A', kind: PART_KIND, body: p })),
    ]);
    await bob.sync.syncNow();
    expect(byOrigin(bob, 'ms-x')).toBeUndefined();
    await conn.close();
  });

  it('an upload to another folder moves the manuscript: Cat (both folders) follows it, Bob (only the old one) no longer has it', async () => {
    const ann = editor('ann');
    const bob = editor('bob');
    const cat = editor('cat');
    upload(ann, 'ms-4', [1, 2]);
    await ann.sync.syncNow();
    await bob.sync.syncNow();
    await cat.sync.syncNow();
    expect(byOrigin(bob, 'ms-4')?.folder).toBe('JOURNAL-A');
    clock.advance(1000);
    upload(ann, 'ms-4', [1, 2, 3], 'JOURNAL-B');
    await ann.sync.syncNow();
    expect(t.office.events.filter((e) => e.kind === MOVED_KIND)).toEqual([
      expect.objectContaining({ folder: 'JOURNAL-A', body: { originId: 'ms-4', to: 'JOURNAL-B' } }),
    ]);
    await bob.sync.syncNow();
    await cat.sync.syncNow();
    expect(byOrigin(bob, 'ms-4')).toBeUndefined();
    const c = byOrigin(cat, 'ms-4')!;
    expect(c.folder).toBe('JOURNAL-B');
    expect(cat.cache.manuscripts.runs(c.id).map((r) => r.candidatesCount)).toEqual([2, 3]);
  });

  it('linking shares the editor’s recent uploads once', async () => {
    const { cache, close } = linkedCache('ann', URL, clock);
    t.cleanups.push(close);
    cache.office.setLink(P, null);
    recordRun(cache, 'old-1', [1]);
    recordRun(cache, 'old-2', [2]);
    cache.office.setLink(P, { url: URL, login: 'ann' });
    const kinds = cache.office.outgoing(P, 100).map((e) => [e.kind, (e.body as { originId: string }).originId]);
    expect(kinds).toEqual([
      [RUN_KIND, 'old-1'],
      [PART_KIND, 'old-1'],
      [RUN_KIND, 'old-2'],
      [PART_KIND, 'old-2'],
    ]);
  });
});

describe('the manuscript file itself, when its editor shares files', () => {
  /** An upload of `originId` with a file of `size` bytes kept at a temp path, shared as the outbox would. */
  function uploadWithFile(e: Editor, originId: string, size: number) {
    const dir = mkdtempSync(join(tmpdir(), 'desk-shared-file-'));
    t.cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const bytes = Buffer.alloc(size);
    for (let i = 0; i < size; i++) bytes[i] = (i * 31 + 7) % 251;
    bytes.write('%PDF-1.7\n', 0);
    const path = join(dir, 'paper.pdf');
    writeFileSync(path, bytes);
    const file = { name: 'paper.pdf', size, sha256: createHash('sha256').update(bytes).digest('hex'), path };
    const r = e.cache.runs.recordUploadRun(P, { form: form(originId), file }, response(5, originId, [1, 2]));
    e.cache.officeRuns.publish(r.runId);
    return bytes;
  }
  function withFilesDir(e: Editor): string {
    const dir = mkdtempSync(join(tmpdir(), 'desk-office-files-'));
    t.cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    e.cache.officeRuns.useFilesDir(dir);
    return dir;
  }

  it('is not shared unless the editor chose to', async () => {
    const ann = editor('ann');
    expect(ann.cache.office.sharesFiles(P)).toBe(false);
    uploadWithFile(ann, 'ms-f0', 10_000);
    await ann.sync.syncNow();
    expect(t.office.events.map((e) => e.kind)).toEqual([RUN_KIND, PART_KIND]);
  });

  it('reaches Bob in parts, checked and written beside his uploads; his copy of the manuscript has it', async () => {
    const ann = editor('ann');
    const bob = editor('bob');
    const dir = withFilesDir(bob);
    ann.cache.office.setSharesFiles(P, true);
    const bytes = uploadWithFile(ann, 'ms-f1', 200_000);
    await ann.sync.syncNow();
    const parts = t.office.events.filter((e) => e.kind === FILE_PART_KIND);
    expect(parts.length).toBe(Math.ceil((Math.ceil(200_000 / 3) * 4) / 60_000));
    expect(Math.max(...t.office.events.map((e) => Buffer.byteLength(JSON.stringify(e.body))))).toBeLessThan(65_536);
    await bob.sync.syncNow();
    const m = byOrigin(bob, 'ms-f1')!;
    expect(m.file).toMatchObject({ name: 'paper.pdf', size: 200_000 });
    expect(m.file!.path.startsWith(dir)).toBe(true);
    expect(readFileSync(m.file!.path).equals(bytes)).toBe(true);
    expect(bob.cache.db.prepare('SELECT count(*) AS n FROM office_file_parts').get()).toEqual({ n: 0 });
  });

  it('a file whose bytes do not match its hash is not kept; the run still is', async () => {
    const bob = editor('bob');
    withFilesDir(bob);
    const conn = await t.office.connect('ann')();
    const events = runEvents(form('ms-f2'), response(3, 'ms-f2', [1]), { originId: 'ms-f2', title: 'x', uploadedAt: 1 })!;
    const head = { ...events.head, file: { name: 'paper.pdf', size: 3, sha256: 'a'.repeat(64), parts: 1 } };
    await conn.push([
      { id: randomUUID(), folder: 'JOURNAL-A', kind: RUN_KIND, body: head },
      ...events.parts.map((p) => ({ id: randomUUID(), folder: 'JOURNAL-A', kind: PART_KIND, body: p })),
      {
        id: randomUUID(),
        folder: 'JOURNAL-A',
        kind: FILE_PART_KIND,
        body: { runKey: head.runKey, originId: 'ms-f2', index: 0, data: 'YWJj' },
      },
    ]);
    await bob.sync.syncNow();
    expect(byOrigin(bob, 'ms-f2')).toMatchObject({ uploadedBy: 'ann', file: null });
    expect(bob.cache.db.prepare('SELECT file_state FROM office_runs').get()).toEqual({ file_state: 'refused' });
    await conn.close();
  });

  it('a file over the limit travels without its file', async () => {
    const ann = editor('ann');
    ann.cache.office.setSharesFiles(P, true);
    uploadWithFile(ann, 'ms-f3', MAX_SHARED_FILE + 1);
    await ann.sync.syncNow();
    expect(t.office.events.map((e) => e.kind)).toEqual([RUN_KIND, PART_KIND]);
  });
});
