// Every request channel of the contract, classified: a write names the `data.changed` topics it
// produces, and runs here through core.router against the local service; the topics it produced are
// compared with the table's. Reads and writes outside the cache say so. The table is a
// Record over every channel (a new one fails the type check) and is compared with the contract at run
// time too (a new one fails here). Handlers emit nothing: the topics come from the repositories and
// the outbox (electron/core/cache/changes.ts), so this is what the windows hear.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { requests, type RequestChannel } from '../../electron/common/contract';
import type {
  AuthorsGroupRow,
  CandidatePage,
  DataChangedEvent,
  ManuscriptRow,
  OutboxItemView,
  ProfilesState,
  RunRow,
} from '../../electron/common/shapes';
import { startCoreWithService, type CoreWithService } from '../support/core-with-service';

type Topic = DataChangedEvent['topic'];

let t: CoreWithService;
const changes: DataChangedEvent[] = [];
/** What the writes below create and later ones use. */
const s = {
  demoId: '',
  otherId: '',
  manuscript: null as ManuscriptRow | null,
  people: [] as number[],
  localGroup: 0,
  serviceGroup: 0,
  refusedGroup: 0,
  parked: 0,
  request: 0,
};
const ms = () => s.manuscript!.id;
/** Only the writes below send: the background sync loop of the (re)opened workspace is stopped. */
const quiet = () => t.core.workspace()!.sync.stop();

interface Write {
  kind: 'write';
  topics: Topic[];
  /** Set-up the write needs; what it produces is not counted. */
  before?: () => Promise<void>;
  input: () => unknown;
  /** The id each change of a topic must carry (the manuscript or group concerned). */
  ids?: Partial<Record<Topic, () => number>>;
  /** Reads what the answer tells later writes. */
  after?: (value: unknown) => Promise<void> | void;
  /** The editor's own write: it commits without an fsync on core's thread and answers after cache.durable(). */
  editor?: true;
}
type Entry = Write | { kind: 'read' } | { kind: 'outside'; why: string };

const read = { kind: 'read' } as const;
const write = (topics: Topic[], input: () => unknown, more: Partial<Pick<Write, 'before' | 'after' | 'ids' | 'editor'>> = {}): Write => ({
  kind: 'write',
  topics,
  input,
  ...more,
});
/** An editor's write (see Write.editor). */
const editor = (topics: Topic[], input: () => unknown, more: Partial<Pick<Write, 'before' | 'after' | 'ids'>> = {}): Write =>
  write(topics, input, { ...more, editor: true });
const SHORTLIST: Topic[] = ['shortlist', 'ledger'];
/** `synchronous = NORMAL`: a commit that does not wait for the disk. */
const NORMAL = 1;

/** In the order the writes run (each may use what an earlier one created). */
const CHANNELS: Record<RequestChannel, Entry> = {
  'app.info': read,
  'app.status': read,
  'profiles.list': read,
  'profiles.save': write(['profiles'], () => ({ name: 'Second desk', baseUrl: 'https://desk.example.org' }), {
    after: (v) => {
      s.otherId = (v as ProfilesState).profiles.find((p) => p.name === 'Second desk')!.id;
    },
  }),
  'profiles.setKey': write(['profiles'], () => ({ id: s.otherId, apiKey: 'key-of-the-second-desk' })),
  'profiles.clearKey': write(['profiles'], () => ({ id: s.otherId })),
  'profiles.activate': write(['profiles'], () => ({ id: s.demoId }), { after: quiet }),
  'profiles.test': write(['profiles'], () => ({ id: s.demoId })),
  'profiles.remove': write(['profiles'], () => ({ id: s.otherId })),
  'files.stage': { kind: 'outside', why: 'copies bytes into the staging folder; nothing cached changes until an upload is queued' },
  'files.stagePath': { kind: 'outside', why: 'as files.stage, from a path (Electron)' },
  'files.pick': { kind: 'outside', why: 'as files.stage, from the system dialog (Electron)' },
  'intake.inspect': read,
  'intake.preview': read,
  'manuscripts.list': read,
  'manuscripts.search': read,
  'manuscripts.folders': read,
  'manuscripts.get': read,
  'manuscripts.upload': editor(
    ['manuscripts', 'outbox'],
    () => ({
      form: {
        folder: 'DEMO',
        origin_id: 'topics-1',
        title: 'Protein folding with attention',
        abstract: 'Deep learning for protein structure prediction with attention.',
        authors_count: 0,
        authors: [],
      },
    }),
    {
      after: (v) => {
        s.manuscript = v as ManuscriptRow;
        expect(changes.find((c) => c.topic === 'manuscripts')?.id).toBe(s.manuscript.id);
      },
    },
  ),
  'manuscripts.uploadStatus': read,
  // The upload queued above is sent: its run is recorded, then its people join the reviewer ledger; the
  // first upload also tells the profile that its plan has the referee finder (Settings shows it).
  'sync.now': write(['outbox', 'manuscripts', 'candidates', 'ledger', 'profiles'], () => ({}), {
    ids: { manuscripts: ms, candidates: ms },
    after: async () => {
      const { runs } = await t.call<{ runs: RunRow[] }>('manuscripts.get', { id: ms() });
      const page = await t.call<CandidatePage>('candidates.query', { runId: runs.at(-1)!.id, query: { hasEmail: true, limit: 3 } });
      s.people = page.rows.map((r) => r.authorId);
    },
  }),
  'candidates.query': read,
  'candidates.compare': read,
  'candidates.author': read,
  'candidates.evidence': read,
  'journals.get': write(['journals'], () => ({ manuscriptId: ms(), corpus: 'all_journals', refresh: true }), { ids: { journals: ms } }),
  'shortlist.list': read,
  'shortlist.add': editor(SHORTLIST, () => ({ manuscriptId: ms(), authorIds: s.people }), { ids: { shortlist: ms } }),
  'shortlist.reorder': editor(SHORTLIST, () => ({ manuscriptId: ms(), authorIds: [...s.people].reverse() })),
  'shortlist.note': editor(SHORTLIST, () => ({ manuscriptId: ms(), authorId: s.people[0], note: 'Wrote the benchmark paper.' })),
  'shortlist.setDue': editor(SHORTLIST, () => ({ manuscriptId: ms(), authorId: s.people[0], dueDate: '2030-01-31' })),
  'invitation.markInvited': editor(SHORTLIST, () => ({ manuscriptId: ms(), authorId: s.people[0] })),
  'shortlist.setStatus': editor(SHORTLIST, () => ({ manuscriptId: ms(), authorId: s.people[0], status: 'accepted' })),
  'shortlist.setStatuses': editor(SHORTLIST, () => ({ manuscriptId: ms(), changes: [{ authorId: s.people[2], status: 'invited' }] })),
  // The accepted person withdraws, too busy until a day: the person's availability changes with the entry.
  'shortlist.decline': editor(SHORTLIST, () => ({
    manuscriptId: ms(),
    authorId: s.people[0],
    reason: 'too_busy',
    unavailableUntil: '2030-03-01',
  })),
  'shortlist.round': read,
  'shortlist.spread': read,
  'shortlist.setInviteNow': editor(['shortlist'], () => ({ manuscriptId: ms(), inviteNow: 2 }), { ids: { shortlist: ms } }),
  'shortlist.remove': editor(SHORTLIST, () => ({ manuscriptId: ms(), authorId: s.people[1] })),
  'shortlist.reminders': read,
  'invitation.getSettings': read,
  'invitation.setSettings': editor(SHORTLIST, () => ({ reminderDays: 5 })),
  'invitation.draft': read,
  'invitation.open': { kind: 'outside', why: 'hands a mailto: URL to the mail client; nothing is stored' },
  'invitation.openAll': {
    kind: 'outside',
    why: 'in a host without a mail client it only drafts; where the host opens the mail app it marks through the shortlist like shortlist.setStatuses',
  },
  'ledger.query': read,
  'ledger.person': read,
  // A second author id with the same e-mail joins the first one's person; splitting undoes it.
  'ledger.split': editor(['ledger', 'shortlist'], () => ({ authorId: 990_001 }), {
    before: async () => {
      const history = t.core.cache.ledger.history(t.core.cache.ledger.personOf(s.people[0]!)!)!;
      const email = history.members.map((m) => m.email).find((e) => e !== null)!;
      t.core.cache.ledger.recordSuggested([{ authorId: 990_001, name: history.person.name, affiliation: null, email, orcid: null }]);
    },
  }),
  'ledger.loads': read,
  'ledger.setAvailability': editor(['ledger', 'shortlist'], () => ({ personId: t.core.cache.ledger.personOf(s.people[0]!), until: null })),
  'ledger.declines': read,
  'requests.list': read,
  'requests.paste': editor(['shortlist'], () => ({ manuscriptId: ms(), kind: 'opposed', text: 'Dr. Ada Example, ada@example.org' }), {
    ids: { shortlist: ms },
    after: (v) => {
      s.request = (v as Array<{ id: number }>)[0]!.id;
    },
  }),
  'requests.setMatch': editor(['shortlist'], () => ({ manuscriptId: ms(), id: s.request, authorId: s.people[0] }), {
    ids: { shortlist: ms },
  }),
  'requests.remove': editor(['shortlist'], () => ({ manuscriptId: ms(), id: s.request }), { ids: { shortlist: ms } }),
  'people.flags': read,
  'people.decisions': read,
  'doNotInvite.list': read,
  'doNotInvite.set': editor(['ledger'], () => ({
    personId: t.core.cache.ledger.personOf(s.people[0]!)!,
    reason: 'Late twice',
    until: null,
  })),
  'doNotInvite.remove': editor(['ledger'], () => ({ personId: t.core.cache.ledger.personOf(s.people[0]!)! })),
  // Bounced addresses change what the shortlist and the Reviewers view show.
  'email.setBounced': editor(['ledger', 'shortlist'], () => ({ email: 'ada@example.org', bounced: true })),
  'groups.list': read,
  'groups.create': editor(
    ['groups', 'outbox'],
    () => ({ group_name: 'Topic pool', owner_team: 'Editorial Office', editor_teams: [], viewer_teams: [] }),
    {
      after: (v) => {
        s.localGroup = (v as AuthorsGroupRow).id;
      },
    },
  ),
  'groups.add': editor(['groups'], () => ({ serviceId: 1 }), {
    after: (v) => {
      s.serviceGroup = (v as AuthorsGroupRow).id;
    },
  }),
  'groups.authors': read,
  // The first author read for a group added by its number also verifies the group.
  'authors.fetch': write(['authors', 'groups'], () => ({ groupId: s.serviceGroup, clientId: 'board-1' }), {
    ids: { groups: () => s.serviceGroup },
  }),
  'authors.put': editor(['authors', 'outbox'], () => ({ groupId: s.serviceGroup, clientId: 'topics-1', body: { name: 'Ada Lovelace' } }), {
    ids: { authors: () => s.serviceGroup },
  }),
  'authors.patch': editor(['authors', 'outbox'], () => ({ groupId: s.serviceGroup, clientId: 'topics-1', body: { name: 'Ada King' } })),
  'authors.delete': editor(['authors', 'outbox'], () => ({ groupId: s.serviceGroup, clientId: 'topics-1' })),
  'customFields.list': write(['customFields'], () => ({ refresh: true })),
  'outbox.list': read,
  // A write the service refuses (a group it does not have) is parked; retry queues it again.
  'outbox.retry': editor(['outbox', 'authors'], () => ({ id: s.parked }), {
    before: async () => {
      s.refusedGroup = (await t.call<AuthorsGroupRow>('groups.add', { serviceId: 987_654 })).id;
      await t.call('authors.put', { groupId: s.refusedGroup, clientId: 'lost-1', body: { name: 'Nobody Known' } });
      await t.call('sync.now', {});
      const items = await t.call<OutboxItemView[]>('outbox.list', {});
      s.parked = items.find((i) => i.state === 'failed' && i.kind === 'author_put')!.id;
    },
  }),
  // Refused again, then edited in place and queued with the new values.
  'outbox.edit': editor(['outbox', 'authors'], () => ({ id: s.parked, kind: 'author_put', body: { name: 'Nobody Known Yet' } }), {
    before: async () => {
      await t.call('sync.now', {});
      const items = await t.call<OutboxItemView[]>('outbox.list', {});
      expect(items.find((i) => i.id === s.parked)?.state).toBe('failed');
    },
    ids: { authors: () => s.refusedGroup },
  }),
  'outbox.discard': write(['outbox', 'authors'], () => ({ id: s.parked })),
  'webhook.status': read,
  'webhook.deliveries': read,
  'webhook.configure': {
    kind: 'outside',
    why: "the receiver's settings file and port; deliveries it receives are cached (topics marks, webhook)",
  },
  'updates.getSettings': read,
  'updates.setSettings': { kind: 'outside', why: 'the update settings file, not the cache' },
  'updates.restart': { kind: 'outside', why: 'hands over to the updater' },
  'demo.restart': { kind: 'outside', why: 'starts the demo service process; the demo profile it may repoint notes profiles itself' },
  'office.status': read,
  'office.test': { kind: 'outside', why: 'reaches an editorial office and stores nothing' },
  'office.link': { kind: 'outside', why: 'needs an editorial office (PostgreSQL); its topics are tested in test/integration/office' },
  'office.unlink': { kind: 'outside', why: 'drops an office link; tested with one in test/integration/office' },
  'office.syncNow': { kind: 'outside', why: 'needs an editorial office; its topics are tested in test/integration/office' },
  'office.fileSharing': read,
  'office.setFileSharing': { kind: 'outside', why: 'needs a profile linked to an office; tested in test/integration/office/shared-runs' },
  // Last: it drops what the writes above read from the service.
  'cache.clear': write(['manuscripts', 'candidates', 'journals', 'groups', 'authors', 'customFields'], () => ({ preview: false })),
};

/** Lets the change feed tell what a transaction it did not open noted (it does so in a microtask). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

beforeAll(async () => {
  t = await startCoreWithService({ prefix: 'topics' });
  s.demoId = t.core.workspace()!.profileId;
  await quiet();
  t.core.events.on('data.changed', (e) => changes.push(e));
});
afterAll(async () => {
  await t?.close();
  rmSync(t?.dataDir ?? '', { recursive: true, force: true });
});

describe('change topics of every write channel', () => {
  it('classifies every channel of the contract', () => {
    expect(Object.keys(CHANNELS).sort()).toEqual(Object.keys(requests).sort());
  });

  const writes = Object.entries(CHANNELS).filter((e): e is [RequestChannel, Write] => e[1].kind === 'write');
  it.each(writes)('%s produces exactly its topics', async (channel, w) => {
    await w.before?.();
    await settle();
    changes.length = 0;
    // The `synchronous` level each change was committed at (told right after its commit), and the fsyncs asked for.
    const levels: number[] = [];
    const offLevels = t.core.cache.changes.on(() => levels.push(t.core.cache.db.pragma('synchronous', { simple: true }) as number));
    const durable = vi.spyOn(t.core.cache, 'durable');
    let fsyncsAsked = 0;
    const value = await t.call(channel, w.input()).finally(() => {
      offLevels();
      fsyncsAsked = durable.mock.calls.length;
      durable.mockRestore();
    });
    await settle();
    if (w.editor) {
      expect(fsyncsAsked, `${channel} answered without waiting for the disk`).toBeGreaterThan(0);
      expect(levels.length).toBeGreaterThan(0);
      expect(levels, `${channel} committed with an fsync on core's thread (2 = FULL)`).toEqual(levels.map(() => NORMAL));
    }
    expect([...new Set(changes.map((c) => c.topic))].sort(), JSON.stringify(changes)).toEqual([...w.topics].sort());
    for (const [topic, id] of Object.entries(w.ids ?? {})) {
      const of = changes.filter((c) => c.topic === topic);
      expect(of.length).toBeGreaterThan(0);
      expect(of.every((c) => c.id === id())).toBe(true);
    }
    await w.after?.(value);
  });
});
