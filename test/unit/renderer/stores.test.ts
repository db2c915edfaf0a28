// The renderer's data path with a fake bridge: reads are answers of the query cache (data/queries.ts) and
// domain stores, core's change topics refetch what READS says they make old, once per frame; a profile
// switch forgets the old workspace, and the batch of dropped files moves through its states.
import { beforeEach, describe, expect, it } from 'vitest';
import type { IntakeView, ManuscriptRow, ProfilesState } from '../../../electron/common/shapes';
import { DeskError } from '../../../electron/common/errors';
import { READS, type ChangeTopic } from '../../../electron/common/channels';
import { connect, resetWorkspace } from '../../../renderer/src/data/connect';
import { queryState, watchQuery } from '../../../renderer/src/data/queries';
import { useCandidates } from '../../../renderer/src/stores/candidates';
import { useManuscripts } from '../../../renderer/src/stores/manuscripts';
import { useProfiles } from '../../../renderer/src/stores/profiles';
import { installFakeDesk, settle, type FakeDesk } from './fake-desk';

const profiles = (activeId: string): ProfilesState => ({ profiles: [], activeId, keyStorage: 'keychain', keyStorageWarning: null });

const manuscript = (id: number, syncState: ManuscriptRow['syncState'], profileId = 'a'): ManuscriptRow =>
  ({
    id,
    profileId,
    originId: `ms-${id}`,
    serviceId: null,
    folder: 'F',
    title: `T${id}`,
    abstract: 'A',
    authorsCount: 0,
    authors: [],
    form: { folder: 'F', origin_id: `ms-${id}`, title: `T${id}`, abstract: 'A', authors_count: 0 },
    file: null,
    syncState,
    lastRunId: null,
    marksOrder: null,
    uploadedBy: null,
    createdAt: 0,
    updatedAt: 0,
  }) as ManuscriptRow;

const intake = (fileId: string, over: Partial<IntakeView> = {}): IntakeView => ({
  fileId,
  format: 'pdf',
  title: 'Read title',
  abstract: 'Read abstract',
  authors: [{ name: 'Ann Lee', affiliation: 'Uni', email: 'ann@uni.edu', orcid: null }],
  references: 3,
  error: null,
  ...over,
});

function baseDesk(): FakeDesk {
  const lists: Record<string, ManuscriptRow[]> = { a: [], b: [] };
  let active = 'a';
  let next = 1;
  const fake = installFakeDesk({
    'app.info': () => ({ notices: [] }) as never,
    'app.status': () => ({ connectivity: 'online' }) as never,
    'profiles.list': () => profiles(active),
    'profiles.activate': ({ id }) => {
      active = id;
      return profiles(active);
    },
    'manuscripts.list': () => lists[active]!,
    'manuscripts.folders': () => [],
    'manuscripts.get': ({ id }) => ({ manuscript: lists[active]!.find((m) => m.id === id)!, runs: [] }),
    'manuscripts.upload': ({ form }) => {
      const m = manuscript(next++, 'pending', active);
      m.originId = form.origin_id;
      lists[active]!.push(m);
      // As core's change feed does once the upload is queued.
      queueMicrotask(() => fake.emit('data.changed', { topic: 'manuscripts', id: m.id }));
      return m;
    },
    'manuscripts.uploadStatus': () => null,
    'files.stage': ({ name }) => ({ id: `file-${name}`, name, size: 10, format: 'pdf', sha256: 'x' }),
    'intake.inspect': ({ fileId }) =>
      fileId.includes('broken') ? intake(fileId, { error: { code: 'invalid_file', message: 'This PDF is encrypted.' } }) : intake(fileId),
    'outbox.list': () => [],
    'groups.list': () => [],
    'groups.authors': () => [],
    'journals.get': ({ manuscriptId }) => ({ manuscriptId, corpus: 'all_journals', journals: [], fetchedAt: 1 }) as never,
  });
  (fake as unknown as { lists: typeof lists }).lists = lists;
  return fake;
}

const file = (name: string, size = 10) => ({ name, size, read: async () => new TextEncoder().encode('%PDF-1.7').buffer as ArrayBuffer });

beforeEach(() => {
  resetWorkspace();
  useManuscripts.setState({ batch: [] });
  useProfiles.setState({ state: null, error: null });
});

describe('data path', () => {
  it('every change topic makes some read old', () => {
    const topics = {
      profiles: true,
      manuscripts: true,
      candidates: true,
      journals: true,
      groups: true,
      authors: true,
      customFields: true,
      outbox: true,
      marks: true,
      webhook: true,
      shortlist: true,
      ledger: true,
    } satisfies Record<ChangeTopic, true>;
    const named = new Set(Object.values(READS).flatMap((deps) => (deps as readonly string[]).map((d) => d.split(':')[0])));
    for (const topic of Object.keys(topics)) expect(named.has(topic), topic).toBe(true);
  });

  it('refetches the answers shown when core says their data changed, and not the others', async () => {
    const fake = baseDesk();
    const off = connect(fake);
    await settle();
    const stopOutbox = watchQuery('outbox.list', {});
    await settle();
    expect(fake.count('outbox.list')).toBe(1);
    fake.emit('data.changed', { topic: 'outbox' });
    await settle();
    expect(fake.count('outbox.list')).toBe(2);
    // Groups were never shown: a groups change asks nothing.
    fake.emit('data.changed', { topic: 'groups' });
    await settle();
    expect(fake.count('groups.list')).toBe(0);
    const stopAuthors = watchQuery('groups.authors', { groupId: 7 });
    await settle();
    fake.emit('data.changed', { topic: 'authors', id: 8 });
    await settle();
    expect(fake.count('groups.authors')).toBe(1);
    fake.emit('data.changed', { topic: 'authors', id: 7 });
    await settle();
    expect(fake.count('groups.authors')).toBe(2);
    // No longer shown: a change marks it old but asks nothing until a view shows it again.
    stopOutbox();
    fake.emit('data.changed', { topic: 'outbox' });
    await settle();
    expect(fake.count('outbox.list')).toBe(2);
    const again = watchQuery('outbox.list', {});
    await settle();
    expect(fake.count('outbox.list')).toBe(3);
    again();
    stopAuthors();
    off();
  });

  it('coalesces the changes of one frame into one request per answer, and asks again once for a change during a request', async () => {
    const fake = baseDesk();
    const off = connect(fake);
    await settle();
    let release: (() => void) | null = null;
    fake.handle('shortlist.list', async () => {
      if (fake.count('shortlist.list') === 2) await new Promise<void>((r) => (release = r));
      return [] as never;
    });
    const stop = watchQuery('shortlist.list', { manuscriptId: 3 });
    await settle();
    expect(fake.count('shortlist.list')).toBe(1);
    // Four changes before the next frame (a finished upload tells manuscripts, candidates, ledger, shortlist): one request.
    fake.emit('data.changed', { topic: 'candidates', id: 3 });
    fake.emit('data.changed', { topic: 'shortlist', id: 3 });
    fake.emit('data.changed', { topic: 'ledger' });
    fake.emit('data.changed', { topic: 'marks' });
    // Another manuscript's shortlist changed: not this answer.
    fake.emit('data.changed', { topic: 'shortlist', id: 4 });
    await settle();
    expect(fake.count('shortlist.list')).toBe(2);
    // Changes while that request is in flight: one more request after it, not one per change.
    fake.emit('data.changed', { topic: 'shortlist', id: 3 });
    await settle();
    fake.emit('data.changed', { topic: 'ledger' });
    await settle();
    expect(fake.count('shortlist.list')).toBe(2);
    release!();
    await settle();
    expect(fake.count('shortlist.list')).toBe(3);
    stop();
    off();
  });

  it('one request for two views showing the same answer; the same input in another key order is the same answer', async () => {
    const fake = baseDesk();
    fake.handle('ledger.query', () => ({ rows: [], total: 0 }) as never);
    const a = watchQuery('ledger.query', { sort: { by: 'name', dir: 'asc' }, limit: 5 });
    const b = watchQuery('ledger.query', { limit: 5, sort: { dir: 'asc', by: 'name' } });
    await settle();
    expect(fake.count('ledger.query')).toBe(1);
    a();
    b();
  });

  it('asks for the newest run’s candidates together with the manuscript’s detail, not after it', async () => {
    const fake = baseDesk();
    const m = { ...manuscript(1, 'synced'), lastRunId: 41 };
    (fake as unknown as { lists: Record<string, ManuscriptRow[]> }).lists.a!.push(m);
    let release: (() => void) | null = null;
    fake.handle('manuscripts.get', async () => {
      if (!release) await new Promise<void>((r) => (release = r));
      return { manuscript: m, runs: [{ id: 40 }, { id: 41 }] as never };
    });
    fake.handle('candidates.query', ({ runId }) => ({ rows: [], total: runId }) as never);
    await useManuscripts.getState().load();
    const selecting = useManuscripts.getState().select(1);
    await settle();
    // The detail has not answered yet, and the candidates query has already been made (and answered).
    expect(useManuscripts.getState().detail).toBeNull();
    expect(fake.calls.find((c) => c.channel === 'candidates.query')?.input).toMatchObject({ runId: 41 });
    expect(useCandidates.getState()).toMatchObject({ runId: 41, total: 41 });
    release!();
    await selecting;
    expect(useManuscripts.getState().detail?.manuscript.id).toBe(1);
    // Selecting it again does not ask again for the run already shown.
    await useManuscripts.getState().select(1);
    expect(fake.count('candidates.query')).toBe(1);
  });

  it('drops an answer that comes after the workspace was reset', async () => {
    const fake = baseDesk();
    let release: (() => void) | null = null;
    fake.handle('journals.get', async ({ manuscriptId }) => {
      if (!release) await new Promise<void>((r) => (release = r));
      return { manuscriptId, corpus: 'all_journals', journals: [], fetchedAt: fake.count('journals.get') } as never;
    });
    const input = { manuscriptId: 1, corpus: 'all_journals' as const };
    const stop = watchQuery('journals.get', input);
    await settle();
    resetWorkspace();
    release!();
    await settle();
    // The old workspace's answer (fetchedAt 1) was dropped; the one asked again after the reset is kept.
    expect(queryState('journals.get', input).data?.fetchedAt).toBe(2);
    stop();
  });

  it('shows errors in the editor’s words, without channel or field path', async () => {
    const fake = baseDesk();
    fake.handle('groups.list', () => {
      throw new DeskError('invalid_input', 'Invalid request to groups.list: query.minHIndex: Too small: expected number to be >=0.', {
        field: 'query.minHIndex',
      });
    });
    const stop = watchQuery('groups.list', {});
    await settle();
    expect(queryState('groups.list', {}).error).toBe('Min h-index must be 0 or more.');
    stop();
  });

  it('a profile switch forgets the old profile’s sent uploads instead of showing them as queued', async () => {
    const fake = baseDesk();
    const off = connect(fake);
    await settle();
    await useManuscripts.getState().addFiles([file('one.pdf')]);
    const key = useManuscripts.getState().batch[0]!.key;
    useManuscripts.getState().updateForm(key, { ...useManuscripts.getState().batch[0]!.form, folder: 'F' });
    await useManuscripts.getState().submit(key);
    expect(useManuscripts.getState().batch[0]!.state).toBe('queued');
    // The list follows from core's change, not from a reload of the store's own.
    await settle();
    expect(useManuscripts.getState().list).toHaveLength(1);
    await useProfiles.getState().activate('b');
    await settle();
    expect(useManuscripts.getState().batch).toEqual([]);
    expect(useManuscripts.getState().list).toEqual([]);
    expect(useManuscripts.getState().detail).toBeNull();
    expect(useCandidates.getState().runId).toBeNull();
    off();
  });

  it('a switch keeps the files not yet uploaded', async () => {
    const fake = baseDesk();
    const off = connect(fake);
    await settle();
    await useManuscripts.getState().addFiles([file('draft.pdf')]);
    await useProfiles.getState().activate('b');
    await settle();
    expect(useManuscripts.getState().batch.map((b) => b.state)).toEqual(['ready']);
    off();
  });
});

describe('batch of dropped files', () => {
  it('copies, reads and pre-fills each file; one that cannot be read fails with its reason', async () => {
    baseDesk();
    await useManuscripts.getState().addFiles([file('a.pdf'), file('broken.pdf')]);
    const [a, broken] = useManuscripts.getState().batch;
    expect(a!.state).toBe('ready');
    expect(a!.form.title).toBe('Read title');
    expect(a!.form.authors_count).toBe(1);
    expect(broken!.state).toBe('failed');
    expect(broken!.error).toBe('This PDF is encrypted.');
  });

  it('in Electron a dropped File is staged by its path: its bytes are neither read nor sent', async () => {
    const fake = baseDesk();
    fake.handle('files.stagePath', ({ path }) => ({ id: `file-${path}`, name: 'p.pdf', size: 10, format: 'pdf', sha256: 'x' }));
    let reads = 0;
    const read = async () => {
      reads++;
      return new ArrayBuffer(4);
    };
    await useManuscripts.getState().addFiles([{ name: 'p.pdf', size: 10, read, file: new File(['%PDF'], 'p.pdf') }]);
    expect(fake.calls.find((c) => c.channel === 'files.stagePath')?.input).toEqual({ path: '/dropped/p.pdf' });
    expect(fake.count('files.stage')).toBe(0);
    expect(reads).toBe(0);
    expect(useManuscripts.getState().batch[0]!.state).toBe('ready');
  });

  it('a File with no path (the browser host) is sent as its bytes', async () => {
    const fake = baseDesk();
    await useManuscripts.getState().addFiles([{ ...file('b.pdf'), file: new File(['%PDF'], 'b.pdf') }]);
    expect(fake.count('files.stagePath')).toBe(0);
    expect(fake.count('files.stage')).toBe(1);
    expect(useManuscripts.getState().batch[0]!.state).toBe('ready');
  });

  it('refuses a file over the size limit before reading it', async () => {
    const fake = baseDesk();
    await useManuscripts.getState().addFiles([file('huge.pdf', 10 ** 10)]);
    expect(useManuscripts.getState().batch[0]!.state).toBe('failed');
    expect(fake.count('files.stage')).toBe(0);
  });

  it('a cancelled file is not read any further', async () => {
    const fake = baseDesk();
    let release: (() => void) | null = null;
    fake.handle('files.stage', async ({ name }) => {
      await new Promise<void>((r) => (release = r));
      return { id: name, name, size: 1, format: 'pdf', sha256: 'x' };
    });
    const adding = useManuscripts.getState().addFiles([file('c.pdf')]);
    await settle();
    useManuscripts.getState().cancel(useManuscripts.getState().batch[0]!.key);
    release!();
    await adding;
    expect(useManuscripts.getState().batch[0]!.state).toBe('cancelled');
    expect(fake.count('intake.inspect')).toBe(0);
  });

  it('a refused upload stays with its plain-words error and is not queued', async () => {
    const fake = baseDesk();
    fake.handle('manuscripts.upload', () => {
      throw new DeskError('invalid_input', 'Invalid request to manuscripts.upload: form.authors.1.email: Invalid email address.', {
        field: 'form.authors.1.email',
      });
    });
    await useManuscripts.getState().addFiles([file('a.pdf')]);
    const key = useManuscripts.getState().batch[0]!.key;
    useManuscripts.getState().updateForm(key, { ...useManuscripts.getState().batch[0]!.form, folder: 'F' });
    await useManuscripts.getState().submit(key);
    const item = useManuscripts.getState().batch[0]!;
    expect(item.state).toBe('ready');
    expect(item.error).toBe('Author 2 e-mail is not an e-mail address: check it.');
  });

  it('says what is missing or wrong in the form before sending anything', async () => {
    const fake = baseDesk();
    await useManuscripts.getState().addFiles([file('a.pdf')]);
    const key = useManuscripts.getState().batch[0]!.key;
    useManuscripts.getState().updateForm(key, { ...useManuscripts.getState().batch[0]!.form, min_h_index: 9, max_h_index: 2 });
    await useManuscripts.getState().submit(key);
    expect(useManuscripts.getState().batch[0]!.error).toBe(
      'Folder is required. Min h-index (9) is above Max h-index (2): lower the minimum or raise the maximum.',
    );
    expect(fake.count('manuscripts.upload')).toBe(0);
  });

  it('Upload all gives every ready file the batch’s folder and bounds (what a card set stays) and queues each', async () => {
    const fake = baseDesk();
    await useManuscripts.getState().addFiles([file('a.pdf'), file('b.pdf'), file('c.pdf'), file('broken.pdf')]);
    const c = useManuscripts.getState().batch[2]!;
    useManuscripts.getState().updateForm(c.key, { ...c.form, folder: 'OWN', min_h_index: 1 });
    await useManuscripts.getState().uploadAll({ folder: 'BATCH', min_h_index: 4, max_articles_count: 90 });
    const sent = fake.calls
      .filter((x) => x.channel === 'manuscripts.upload')
      .map((x) => (x.input as { form: { origin_id: string; folder: string; min_h_index?: number; max_articles_count?: number } }).form);
    expect(sent.map((f) => [f.origin_id, f.folder, f.min_h_index, f.max_articles_count])).toEqual([
      ['a', 'BATCH', 4, 90],
      ['b', 'BATCH', 4, 90],
      ['c', 'OWN', 1, 90],
    ]);
    expect(useManuscripts.getState().batch.map((b) => b.state)).toEqual(['queued', 'queued', 'queued', 'failed']);
  });

  it('a file that can never be read is marked so (no retry); a failed copy can be retried', async () => {
    const fake = baseDesk();
    let fail = true;
    fake.handle('files.stage', ({ name }) => {
      if (name === 'flaky.pdf' && fail) throw new DeskError('internal', 'The copy was interrupted.');
      return { id: `file-${name}`, name, size: 10, format: 'pdf', sha256: 'x' };
    });
    await useManuscripts.getState().addFiles([file('broken.pdf'), file('flaky.pdf')]);
    const [broken, flaky] = useManuscripts.getState().batch;
    expect(broken!.permanent).toBe(true);
    expect(flaky!.state).toBe('failed');
    expect(flaky!.permanent).toBeFalsy();
    fail = false;
    await useManuscripts.getState().retry(flaky!.key);
    expect(useManuscripts.getState().batch[1]!.state).toBe('ready');
  });
});
