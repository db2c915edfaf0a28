// Settings → Clear cache through core.router against the local service: the preview changes
// nothing; clearing drops runs, candidates, journals, custom fields and group authors' details,
// while a queued upload keeps its manuscript's runs and its file, and can still be discarded back
// to its last run. Bad input and a missing profile change nothing.
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CacheClearView, DataChangedEvent, GroupAuthorRow, ManuscriptRow, OutboxItemView, RunRow } from '../../electron/common/shapes';
import { createCore, type Core } from '../../electron/core/composition';
import type { RunningSandbox } from '../../electron/localservice';
import { makeManuscriptPdf } from '../fixtures/intake/make';
import { startCoreWithService } from '../support/core-with-service';
import { MemoryLogger, MemorySecrets } from '../support/fakes';
import { demoUploadForm } from '../support/upload-form';

let core: Core;
let service: RunningSandbox;
let dataDir: string;
let a: ManuscriptRow;
let b: ManuscriptRow;
let groupId: number;
const changes: DataChangedEvent[] = [];

async function call<T>(channel: string, input: unknown, c: Core = core): Promise<T> {
  const env = await c.router.handle(channel, input, { transport: 'test' });
  if (!env.ok) throw new Error(`${channel}: ${env.error.code}: ${env.error.message}`);
  return env.value as T;
}
const runsOf = (m: ManuscriptRow) => call<{ manuscript: ManuscriptRow; runs: RunRow[] }>('manuscripts.get', { id: m.id });
const upload = (originId: string, title: string, fileId?: string) =>
  call<ManuscriptRow>('manuscripts.upload', {
    form: demoUploadForm(originId, title),
    ...(fileId ? { fileId } : {}),
  });
const count = (sql: string): number => core.cache.db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM ${sql}`).get()!.n;
const snapshot = () => ['runs', 'candidates', 'journal_recommendations', 'custom_fields', 'authors', 'outbox'].map((t) => count(t));

beforeAll(async () => {
  ({ core, service, dataDir } = await startCoreWithService({ prefix: 'clear' }));
  const pdf = await makeManuscriptPdf();
  const staged = await call<{ id: string }>('files.stage', { name: 'folding.pdf', dataBase64: pdf.toString('base64') });
  a = await upload('clear-a', 'Neural networks for protein folding');
  b = await upload('clear-b', 'Attention for protein structure', staged.id);
  await core.workspace()!.sync.syncNow();
  expect((await runsOf(a)).runs).toHaveLength(1);
  expect((await runsOf(b)).runs).toHaveLength(1);
  await call('journals.get', { manuscriptId: a.id, corpus: 'all_journals' });
  await call('customFields.list', { refresh: true });
  groupId = (await call<{ id: number }>('groups.add', { serviceId: 1 })).id;
  await call('authors.fetch', { groupId, clientId: 'board-1' });
  expect((await call<GroupAuthorRow[]>('groups.authors', { groupId }))[0]!.linkedAuthor).not.toBeNull();

  // The service goes away; an edit of B waits in the outbox with a copy of its file.
  await service.close();
  await upload('clear-b', 'Attention for protein structure, revised');
  await core.workspace()!.sync.syncNow();
  core.events.on('data.changed', (e) => changes.push(e));
});
afterAll(async () => {
  await core?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('cache.clear', () => {
  it('previews what goes and what stays, changing nothing', async () => {
    const [queued] = await call<OutboxItemView[]>('outbox.list', {});
    expect(queued).toMatchObject({ kind: 'upload', state: 'pending' });
    const before = snapshot();
    const candidatesOfA = count(`candidates WHERE run_id IN (SELECT id FROM runs WHERE manuscript_id = ${a.id})`);
    const view = await call<CacheClearView>('cache.clear', { preview: true });
    expect(view).toEqual({
      preview: true,
      removed: {
        runs: 1,
        candidates: candidatesOfA,
        journalLists: 1,
        customFields: 9,
        authorsSeen: expect.any(Number),
        groupAuthorDetails: 1,
      },
      kept: { pendingWrites: 1, manuscripts: 1 },
    });
    expect(candidatesOfA).toBeGreaterThan(0);
    expect(view.removed.authorsSeen).toBeGreaterThan(0);
    expect(snapshot()).toEqual(before);
    expect(changes).toEqual([]);
  });

  it('refuses bad input and changes nothing', async () => {
    const before = snapshot();
    for (const input of [{}, { preview: 'no' }, { preview: false, all: true }]) {
      const env = await core.router.handle('cache.clear', input, { transport: 'test' });
      expect(env).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    }
    expect(snapshot()).toEqual(before);
  });

  it('drops the cached reads and keeps the queued upload with its manuscript, runs and file', async () => {
    const preview = await call<CacheClearView>('cache.clear', { preview: true });
    const result = await call<CacheClearView>('cache.clear', { preview: false });
    expect(result).toEqual({ ...preview, preview: false });

    const clearedA = await runsOf(a);
    expect(clearedA.runs).toEqual([]);
    expect(clearedA.manuscript).toMatchObject({ originId: 'clear-a', lastRunId: null, syncState: 'synced' });
    expect(clearedA.manuscript.serviceId).not.toBeNull();
    const keptB = await runsOf(b);
    expect(keptB.runs).toHaveLength(1);
    expect(count(`candidates WHERE run_id = ${keptB.runs[0]!.id}`)).toBe(keptB.runs[0]!.candidatesCount);
    expect(count('journal_recommendations')).toBe(0);
    expect(core.cache.customFields.list(core.workspace()!.profileId)).toEqual([]);
    const [author] = await call<GroupAuthorRow[]>('groups.authors', { groupId });
    expect(author).toMatchObject({ clientId: 'board-1', linkedAuthor: null, fetchedAt: null });
    expect(author!.name).toBeTruthy();
    // People seen only in A's run are gone; those in B's kept run stay, with their counts.
    expect(count(`authors WHERE author_id NOT IN (SELECT author_id FROM author_manuscripts)`)).toBe(0);
    expect(
      count(`authors WHERE suggestions_count <> (SELECT count(*) FROM author_manuscripts am WHERE am.author_id = authors.author_id)`),
    ).toBe(0);

    const [queued] = await call<OutboxItemView[]>('outbox.list', {});
    expect(queued).toMatchObject({ kind: 'upload', state: 'pending' });
    const file = core.cache.db
      .prepare<[], { p: string }>(
        "SELECT json_extract(payload_json, '$.file.path') AS p FROM outbox WHERE kind = 'upload' AND state <> 'done'",
      )
      .get()!.p;
    expect(existsSync(file)).toBe(true);
    expect(new Set(changes.map((c) => c.topic))).toEqual(
      new Set(['manuscripts', 'candidates', 'journals', 'groups', 'authors', 'customFields']),
    );

    // What the queued upload needed is still there: discarding it gives B back its last run.
    await call('outbox.discard', { id: queued!.id });
    expect((await runsOf(b)).manuscript).toMatchObject({ title: 'Attention for protein structure', syncState: 'synced' });
  });

  it('a later edit of a manuscript whose runs were cleared can be discarded without losing the manuscript', async () => {
    await upload('clear-a', 'Neural networks for protein folding, revised');
    await core.workspace()!.sync.syncNow();
    const [queued] = await call<OutboxItemView[]>('outbox.list', {});
    await call('outbox.discard', { id: queued!.id });
    const after = await runsOf(a);
    expect(after.manuscript).toMatchObject({ originId: 'clear-a', serviceId: a.serviceId ?? expect.any(Number), syncState: 'synced' });
    // The unsent title is gone: the form the service last accepted is back.
    expect(after.manuscript.title).toBe(a.title);
    expect(after.manuscript.form.title).toBe(a.title);
    expect(after.runs).toEqual([]);
  });

  it('with no connection profile says so', async () => {
    const empty = await createCore({
      appVersion: 'test',
      dataDir: join(dataDir, 'empty'),
      host: 'browser',
      secrets: new MemorySecrets(),
      logger: new MemoryLogger(),
    });
    try {
      const env = await empty.router.handle('cache.clear', { preview: true }, { transport: 'test' });
      expect(env).toMatchObject({ ok: false, error: { code: 'not_found', message: expect.stringMatching(/No connection profile/) } });
    } finally {
      await empty.close();
    }
  });
});
