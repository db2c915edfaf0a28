import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeskError } from '../../../electron/common/errors';
import { openCache, type Cache } from '../../../electron/core/cache';
import { StagingArea } from '../../../electron/core/files/staging';
import { Outbox, type FileHandover, type OutboxOptions } from '../../../electron/core/outbox';
import { OutboxStore } from '../../../electron/core/outbox/store';
import { startRunWriter } from '../../../electron/core/cache/run-writer';
import { form, ManualClock, MemoryLogger, tempDir } from '../cache/fixtures';
import { FakeService, lostGroupAnswer, addFakeProfile } from './fakes';
import { requests } from '../../../electron/common/contract';

const P = 'p1';
let dir: string;
let cleanup: () => void;
let cache: Cache;
let clock: ManualClock;
let api: FakeService;
let outbox: Outbox;
/** The cache connection's `synchronous` level while a commit runs: FULL waits for the disk, NORMAL does not. */
const FULL = 2;
const NORMAL = 1;
const level = () => cache.db.pragma('synchronous', { simple: true }) as number;

const PDF = (body: string) => Buffer.from(`%PDF-1.7 ${body}\n%%EOF\n`);

/** Stages bytes as a drop does and hands them to the outbox as manuscripts.upload does. */
async function staged(name: string, bytes: Buffer): Promise<FileHandover> {
  const staging = new StagingArea(join(dir, 'staging'));
  const { id } = await staging.stageBytes(name, bytes);
  return staging.take(id, join(dir, 'uploads'));
}

function makeOutbox(over: Partial<OutboxOptions> = {}): Outbox {
  return new Outbox({
    cache,
    profileId: P,
    api,
    clock,
    logger: new MemoryLogger(),
    uploadsDir: join(dir, 'uploads'),
    random: () => 1,
    ...over,
  });
}

beforeEach(() => {
  ({ dir, cleanup } = tempDir('desk-outbox-'));
  clock = new ManualClock();
  cache = openCache({ file: join(dir, 'cache.db'), clock, logger: new MemoryLogger() });
  addFakeProfile(cache, P);
  api = new FakeService();
  outbox = makeOutbox();
});
afterEach(() => {
  cache.close();
  cleanup();
});

describe('uploads', () => {
  it('takes the staged file over, shows the manuscript pending at once, sends it', async () => {
    const bytes = PDF('fake manuscript body');
    const sha = createHash('sha256').update(bytes).digest('hex');
    const { entryId } = outbox.queueUpload({ form: form('ms-1'), file: await staged('paper.pdf', bytes) });
    const pending = cache.manuscripts.get(P, 'ms-1')!;
    expect(pending).toMatchObject({ syncState: 'pending', serviceId: null, file: { name: 'paper.pdf', sha256: sha } });
    expect(pending.file!.path.startsWith(join(dir, 'uploads'))).toBe(true);
    expect(outbox.counts()).toEqual({ pending: 1, parked: 0 });

    const r = await outbox.drain();
    expect(r).toEqual({ sent: 1, retried: 0, parked: 0, stoppedBy: null });
    expect(api.manuscripts.get('ms-1')).toMatchObject({ uploads: 1, fileSha: sha });
    const ms = cache.manuscripts.get(P, 'ms-1')!;
    expect(ms).toMatchObject({ syncState: 'synced', serviceId: 500 });
    expect(cache.candidates.ofRun(ms.lastRunId!)).toHaveLength(2);
    expect(outbox.get(entryId)!.state).toBe('done');
    expect(outbox.counts()).toEqual({ pending: 0, parked: 0 });
  });

  it('records the upload’s answer without an fsync (it can be sent again), and a group’s creation with one', async () => {
    expect(level()).toBe(FULL);
    const seen: Record<string, number> = {};
    const commitUploadRun = cache.runs.commitUploadRun.bind(cache.runs);
    cache.runs.commitUploadRun = (...args) => {
      seen.upload = level();
      return commitUploadRun(...args);
    };
    const markVerified = cache.groups.markVerified.bind(cache.groups);
    cache.groups.markVerified = (...args) => {
      seen.group = level();
      return markVerified(...args);
    };
    outbox.queueUpload({ form: form('ms-1'), file: await staged('paper.pdf', PDF('x')) });
    outbox.createGroup({ group_name: 'G', owner_team: 'T', editor_teams: [], viewer_teams: [] });
    expect(await outbox.drain()).toMatchObject({ sent: 2, parked: 0 });
    // the upload's commit is redone by sending it again; a group sent twice would be two groups
    expect(seen).toEqual({ upload: NORMAL, group: FULL });
    expect(level()).toBe(FULL);
  });

  it('marks a replayable write sending without an fsync, and a group’s creation with one (recover() parks it as uncertain)', async () => {
    const claims: Array<[string, number]> = [];
    const originalSet = OutboxStore.prototype.set;
    const set = vi.spyOn(OutboxStore.prototype, 'set').mockImplementation(function (this: OutboxStore, ...args) {
      if (args[1].state === 'sending') claims.push([outbox.get(args[0])!.kind, level()]);
      return originalSet.apply(this, args);
    });
    outbox.queueUpload({ form: form('ms-1'), file: await staged('paper.pdf', PDF('x')) });
    outbox.createGroup({ group_name: 'G', owner_team: 'T', editor_teams: [], viewer_teams: [] });
    expect(await outbox.drain()).toMatchObject({ sent: 2, parked: 0 });
    set.mockRestore();
    expect(claims).toEqual([
      ['upload', NORMAL],
      ['group_create', FULL],
    ]);
    expect(level()).toBe(FULL);
  });

  it('with the run writer, the answer is read and written by it; if it stops holding the answer, the upload is sent again and read here', async () => {
    const writer = startRunWriter(cache.db, { logger: new MemoryLogger(), gate: cache.changes.writerGate });
    await writer.ready;
    cache.runs.useRunWriter(writer);
    const reads: Array<'held' | 'here'> = [];
    // the fake service's answer as bytes, handed to the reader as the client does; the first time the writer stops right after reading
    api.uploadManuscriptRead = async (req, reader) => {
      const res = await api.uploadManuscript(req);
      const d = await reader.read(Buffer.from(JSON.stringify(res.value)), 'application/json', []);
      if (!d.ok) throw new Error(d.message);
      reads.push('held' in (d.value as object) ? 'held' : 'here');
      if (reads.length === 1) await writer.close();
      return { ...res, value: d.value, raw: null, rawText: '' };
    };
    outbox.queueUpload({ form: form('ms-1'), file: await staged('paper.pdf', PDF('x')) });
    expect(await outbox.drain()).toEqual({ sent: 1, retried: 0, parked: 0, stoppedBy: null });
    expect(reads).toEqual(['held']); // read by the writer, which then stopped: the second send went the plain way
    expect(api.calls).toEqual(['upload ms-1', 'upload ms-1']);
    const ms = cache.manuscripts.get(P, 'ms-1')!;
    expect(ms).toMatchObject({ syncState: 'synced', serviceId: 500 });
    expect(cache.db.prepare('SELECT count(*) FROM runs').pluck().get()).toBe(1); // the run the writer could not fill was dropped
    expect(cache.candidates.ofRun(ms.lastRunId!)).toHaveLength(2);

    // a writer that runs: read and written there, the candidates never parsed on this thread
    const second = startRunWriter(cache.db, { logger: new MemoryLogger(), gate: cache.changes.writerGate });
    await second.ready;
    cache.runs.useRunWriter(second);
    outbox.queueUpload({ form: form('ms-2'), file: await staged('other.pdf', PDF('y')) });
    expect(await outbox.drain()).toMatchObject({ sent: 1, parked: 0 });
    expect(reads).toEqual(['held', 'held']);
    expect(api.calls).toHaveLength(3);
    const ms2 = cache.manuscripts.get(P, 'ms-2')!;
    expect(cache.candidates.ofRun(ms2.lastRunId!).map((c) => c.authorId)).toEqual([1, 2]);
    await second.close();
  });

  it('is handed forms the router has validated: an invalid one is refused at the boundary, never queued', () => {
    const refused = requests['manuscripts.upload'].input.safeParse({ form: form('ms-1', { title: ' ' }) });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(['form', 'title']);
    expect(outbox.list()).toEqual([]);
  });

  it('discarding a never-sent upload removes the manuscript and its file', async () => {
    const { entryId } = outbox.queueUpload({ form: form('ms-1'), file: await staged('paper.pdf', PDF('x')) });
    const copy = cache.manuscripts.get(P, 'ms-1')!.file!.path;
    expect(outbox.discard(entryId)).toEqual([entryId]);
    expect(cache.manuscripts.get(P, 'ms-1')).toBeUndefined();
    expect(existsSync(copy)).toBe(false);
  });

  it('stores the form once, in the manuscript: the entry keeps origin and file and reads the form from there', async () => {
    const { entryId } = outbox.queueUpload({ form: form('ms-1'), file: await staged('paper.pdf', PDF('x')) });
    const stored = cache.db.prepare('SELECT payload_json FROM outbox WHERE id = ?').pluck().get(entryId) as string;
    expect(Object.keys(JSON.parse(stored) as object).sort()).toEqual(['file', 'originId']);
    expect(stored).not.toContain('Folding of proteins');
    expect(outbox.get(entryId)).toMatchObject({ data: { originId: 'ms-1', form: cache.manuscripts.get(P, 'ms-1')!.form } });
    expect(outbox.get(entryId)!.data).toMatchObject({ form: form('ms-1') });
  });

  it('an upload queued while another of the manuscript is being sent keeps its form: the first answer does not overwrite it', async () => {
    outbox.queueUpload({ form: form('ms-1', { title: 'First title' }) });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const send = api.uploadManuscript.bind(api);
    let entered!: () => void;
    const inFlight = new Promise<void>((r) => (entered = r));
    api.uploadManuscript = async (req) => {
      entered();
      await gate;
      return send(req);
    };
    const draining = outbox.drain();
    await inFlight;
    outbox.queueUpload({ form: form('ms-1', { title: 'Second title' }) });
    release();
    expect((await draining).sent).toBe(2);
    expect(api.manuscripts.get('ms-1')).toMatchObject({ uploads: 2, form: { title: 'Second title' } });
    const ms = cache.manuscripts.get(P, 'ms-1')!;
    expect(ms).toMatchObject({ title: 'Second title', syncState: 'synced', serviceId: 500 });
    expect(cache.manuscripts.runs(ms.id).map((r) => r.form.title)).toEqual(expect.arrayContaining(['First title', 'Second title']));
  });

  it('a stored form that is damaged (a cheap shape check, not a second validation) parks the upload, nothing sent', async () => {
    const { entryId } = outbox.queueUpload({ form: form('ms-1') });
    cache.db.prepare(`UPDATE manuscripts SET form_json = '{"origin_id":"ms-1","title":"T"}' WHERE origin_id = 'ms-1'`).run();
    expect(await outbox.drain()).toMatchObject({ sent: 0, parked: 1 });
    expect(api.calls).toEqual([]);
    expect(outbox.get(entryId)).toMatchObject({
      state: 'parked',
      error: { code: 'invalid_input', message: expect.stringMatching(/ms-1 is damaged/) },
    });
  });

  it('discarding a re-upload gives the manuscript back its last sent form', async () => {
    outbox.queueUpload({ form: form('ms-1', { title: 'First title' }) });
    await outbox.drain();
    const { entryId } = outbox.queueUpload({ form: form('ms-1', { title: 'Second title' }) });
    expect(cache.manuscripts.get(P, 'ms-1')!.title).toBe('Second title');
    outbox.discard(entryId);
    expect(cache.manuscripts.get(P, 'ms-1')).toMatchObject({ title: 'First title', syncState: 'synced' });
  });
});

describe('order, dependencies and failures', () => {
  it('sends writes of one author in order and a group before the authors queued against it', async () => {
    const { groupLocalId, entryId: groupEntry } = outbox.createGroup({
      group_name: 'Panel',
      owner_team: 'Editors',
      editor_teams: [],
      viewer_teams: [],
    });
    const put = outbox.putAuthor(groupLocalId, 'c1', { name: 'Ada', emails: ['a@x'] });
    outbox.patchAuthor(groupLocalId, 'c1', { orcids: ['0000-1'] });
    outbox.putAuthor(groupLocalId, 'c2', { name: 'Bob' });
    outbox.deleteAuthor(groupLocalId, 'c2');
    expect(outbox.get(put)).toMatchObject({ dependsOn: groupEntry, data: { groupServiceId: null } });
    expect(cache.groups.author(groupLocalId, 'c1')).toMatchObject({ syncState: 'pending', orcids: ['0000-1'] });
    expect(cache.groups.author(groupLocalId, 'c2')!.syncState).toBe('deleting');

    const r = await outbox.drain();
    expect(r.sent).toBe(5);
    expect(api.calls).toEqual(['group Panel', 'put 100/c1', 'patch 100/c1', 'put 100/c2', 'delete 100/c2']);
    expect(api.authors.get('100/c1')).toEqual({ name: 'Ada', emails: ['a@x'], orcids: ['0000-1'] });
    expect(outbox.get(put)).toMatchObject({ data: { groupServiceId: 100 } });
    expect(cache.groups.get(groupLocalId)).toMatchObject({ serviceId: 100, syncState: 'synced' });
    expect(cache.groups.author(groupLocalId, 'c1')!.syncState).toBe('synced');
    expect(cache.groups.author(groupLocalId, 'c2')).toBeUndefined();
  });

  it('retries a transient failure after the backoff, sending other entities meanwhile', async () => {
    const g = cache.groups.addExisting(P, 7, 'G');
    api.groups.set(7, { group_name: 'G' });
    api.failNext('putAuthor', new DeskError('server_error', 'HTTP 503'));
    const first = outbox.putAuthor(g.id, 'c1', { name: 'A' });
    outbox.patchAuthor(g.id, 'c1', { name: 'A2' });
    outbox.putAuthor(g.id, 'c2', { name: 'B' });
    const r = await outbox.drain();
    expect(r).toMatchObject({ sent: 1, retried: 1, stoppedBy: null });
    expect(api.calls).toEqual(['put 7/c1', 'put 7/c2']);
    expect(outbox.get(first)).toMatchObject({
      state: 'queued',
      attempts: 1,
      error: { code: 'server_error' },
      nextAttemptAt: clock.now() + 2000,
    });
    expect(outbox.nextDueAt()).toBe(clock.now() + 2000);
    expect((await outbox.drain()).sent).toBe(0);
    clock.advance(2000);
    expect((await outbox.drain()).sent).toBe(2);
    expect(api.authors.get('7/c1')).toEqual({ name: 'A2' });
  });

  it('stops at the first unreachable-service failure and keeps everything queued', async () => {
    const g = cache.groups.addExisting(P, 7, 'G');
    api.failNext('putAuthor', new DeskError('offline', 'refused'));
    outbox.putAuthor(g.id, 'c1', { name: 'A' });
    outbox.putAuthor(g.id, 'c2', { name: 'B' });
    const r = await outbox.drain();
    expect(r).toMatchObject({ sent: 0, retried: 1, stoppedBy: { action: 'retry', code: 'offline' } });
    expect(api.calls).toEqual(['put 7/c1']);
    expect(outbox.counts()).toEqual({ pending: 2, parked: 0 });
  });

  it('holds without counting an attempt when the key is refused', async () => {
    const g = cache.groups.addExisting(P, 7, 'G');
    api.failNext('putAuthor', new DeskError('unauthorized', 'bad key'));
    const id = outbox.putAuthor(g.id, 'c1', { name: 'A' });
    const r = await outbox.drain();
    expect(r.stoppedBy).toMatchObject({ action: 'hold', code: 'unauthorized' });
    expect(outbox.get(id)).toMatchObject({ state: 'queued', attempts: 0 });
  });

  it('parks a permanent refusal with its reason, blocks later writes of that author, and retries on demand', async () => {
    const g = cache.groups.addExisting(P, 7, 'G');
    api.groups.set(7, { group_name: 'G' });
    api.failNext(
      'putAuthor',
      new DeskError('invalid_request', 'The service rejected saving the author: bad orcid (field orcids).', { field: 'orcids' }),
    );
    const bad = outbox.putAuthor(g.id, 'c1', { name: 'A', orcids: ['x'] });
    outbox.patchAuthor(g.id, 'c1', { name: 'A2' });
    const parkedEvents: number[] = [];
    outbox.events.on('parked', (e) => parkedEvents.push(e.entry.id));
    const r = await outbox.drain();
    expect(r).toMatchObject({ sent: 0, parked: 1 });
    expect(parkedEvents).toEqual([bad]);
    expect(outbox.get(bad)).toMatchObject({ state: 'parked', parkReason: 'rejected', error: { code: 'invalid_request' } });
    expect(cache.groups.author(g.id, 'c1')!.syncState).toBe('failed');
    expect(outbox.counts()).toEqual({ pending: 1, parked: 1 });
    outbox.retry(bad);
    expect((await outbox.drain()).sent).toBe(2);
    expect(cache.groups.author(g.id, 'c1')!.syncState).toBe('synced');
  });

  it('counts a delete of an author already gone (404) as done', async () => {
    const g = cache.groups.addExisting(P, 7, 'G');
    cache.groups.applyPut(g.id, 'gone', { name: 'X' }, 'synced');
    outbox.deleteAuthor(g.id, 'gone');
    expect((await outbox.drain()).sent).toBe(1);
    expect(cache.groups.author(g.id, 'gone')).toBeUndefined();
  });

  it('refuses author writes against an unknown group or one with neither a number nor a queued creation', () => {
    expect(() => outbox.putAuthor(999, 'c', { name: 'A' })).toThrow(expect.objectContaining({ code: 'not_found' }));
    const { groupLocalId, entryId } = outbox.createGroup({ group_name: 'G', owner_team: 'T', editor_teams: [], viewer_teams: [] });
    outbox.discard(entryId);
    expect(cache.groups.get(groupLocalId)).toBeUndefined();
  });
});

describe('group creation whose answer is lost (not idempotent)', () => {
  it('is parked as outcome_unknown, never resent on its own; resolving it with the number releases its authors', async () => {
    api.failNext('createAuthorsGroup', lostGroupAnswer(), 'lost');
    const { groupLocalId, entryId } = outbox.createGroup({ group_name: 'Panel', owner_team: 'T', editor_teams: [], viewer_teams: [] });
    const put = outbox.putAuthor(groupLocalId, 'c1', { name: 'A' });
    const r = await outbox.drain();
    expect(r).toMatchObject({ sent: 0, parked: 1 });
    expect(outbox.get(entryId)).toMatchObject({ state: 'parked', parkReason: 'outcome_unknown' });
    expect(api.groups.size).toBe(1);
    clock.advance(3_600_000);
    expect((await outbox.drain()).sent).toBe(0);
    expect(api.groups.size).toBe(1);
    outbox.resolveGroupCreated(entryId, 100);
    expect((await outbox.drain()).sent).toBe(1);
    expect(api.authors.get('100/c1')).toEqual({ name: 'A' });
    expect(outbox.get(put)!.state).toBe('done');
  });

  it('discarding it drops the local group and the writes queued for it', async () => {
    api.failNext('createAuthorsGroup', lostGroupAnswer(), 'lost');
    const { groupLocalId, entryId } = outbox.createGroup({ group_name: 'Panel', owner_team: 'T', editor_teams: [], viewer_teams: [] });
    const put = outbox.putAuthor(groupLocalId, 'c1', { name: 'A' });
    await outbox.drain();
    expect(outbox.discard(entryId).sort()).toEqual([entryId, put].sort());
    expect(cache.groups.get(groupLocalId)).toBeUndefined();
    expect(outbox.list()).toEqual([]);
  });
});

describe('crash recovery', () => {
  it('replays idempotent writes left in flight and parks a group creation left in flight as outcome_unknown', async () => {
    const g = cache.groups.addExisting(P, 7, 'G');
    api.groups.set(7, { group_name: 'G' });
    const put = outbox.putAuthor(g.id, 'c1', { name: 'A' });
    const { entryId: create } = outbox.createGroup({ group_name: 'New', owner_team: 'T', editor_teams: [], viewer_teams: [] });
    outbox.queueUpload({ form: form('ms-1') });
    cache.db.prepare("UPDATE outbox SET state = 'sending', attempts = 1").run();

    const restarted = makeOutbox();
    const rec = restarted.recover();
    expect(rec.uncertain).toEqual([create]);
    expect(rec.requeued).toHaveLength(2);
    expect(restarted.get(put)!.state).toBe('queued');
    expect(restarted.get(create)).toMatchObject({ state: 'parked', parkReason: 'outcome_unknown' });
    expect((await restarted.drain()).sent).toBe(2);
    expect(api.calls).toEqual(['put 7/c1', 'upload ms-1']);
  });

  it('removes upload folders that nothing refers to', async () => {
    const kept = outbox.queueUpload({ form: form('ms-1'), file: await staged('a.pdf', PDF('x')) });
    const orphan = join(dir, 'uploads', 'left-by-a-crash', 'a.pdf');
    mkdirSync(join(dir, 'uploads', 'left-by-a-crash'));
    writeFileSync(orphan, 'x');
    makeOutbox().recover();
    expect(existsSync(orphan)).toBe(false);
    expect(existsSync(cache.manuscripts.getById(kept.manuscriptId)!.file!.path)).toBe(true);
  });
});

describe('kinds this version does not know', () => {
  // A newer Referee Desk may have queued a kind of write in the same cache before a downgrade.
  const future = () =>
    cache.db
      .prepare(
        `INSERT INTO outbox (profile_id, kind, entity_key, payload_json, depends_on, state, attempts, next_attempt_at, created_at, updated_at)
         VALUES (@p, 'office_future', 'future:1', '{}', NULL, 'queued', 0, 0, 1, 1) RETURNING id`,
      )
      .pluck()
      .get({ p: P }) as number;

  it('parks an unknown kind at start-up with the reason, never sends it, lists it in plain words, and lets it be discarded', async () => {
    const id = future();
    const { entryId } = outbox.queueUpload({ form: form('ms-known'), file: await staged('known.pdf', PDF('known')) });
    makeOutbox().recover();
    const parked = outbox.get(id)!;
    expect(parked.state).toBe('parked');
    expect(parked.error?.message).toMatch(/queued by a newer version of Referee Desk/);
    // The known write goes; the unknown one waits, untouched by the drain.
    expect(await outbox.drain()).toMatchObject({ sent: 1, parked: 0 });
    expect(outbox.get(entryId)!.state).toBe('done');
    expect(outbox.get(id)!.state).toBe('parked');
    const { outboxView } = await import('../../../electron/core/handlers/outbox');
    expect(outboxView(outbox.get(id)!)).toMatchObject({
      label: 'A change queued by a newer version of Referee Desk',
      editable: null,
      target: null,
    });
    expect(() => outbox.retry(id)).toThrow(/newer version of Referee Desk/);
    expect(outbox.discard(id)).toEqual([id]);
    expect(outbox.get(id)).toBeUndefined();
  });

  it('the store refuses to queue a kind the registry does not name', () => {
    const store = new OutboxStore(cache.db, cache.changes);
    expect(() => store.insert(P, { kind: 'office_future', data: {} } as never, 'x', null, 1)).toThrow(/no kind 'office_future'/);
  });
});
