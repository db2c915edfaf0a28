// The contract's channel names alone, without their zod schemas: what a bridge needs to build one entry
// per channel. The renderer's first bundle builds its WebSocket bridge from these, so it does not carry
// zod (~60 KB minified) for schemas only core checks. contract.ts checks at compile time that these lists
// name exactly its request and event channels (and test/unit/contract.test.ts that they keep its order).

export const REQUEST_CHANNELS = [
  'app.info',
  'app.status',
  'profiles.list',
  'profiles.save',
  'profiles.remove',
  'profiles.activate',
  'profiles.setKey',
  'profiles.clearKey',
  'profiles.test',
  'cache.clear',
  'files.stage',
  'files.stagePath',
  'files.pick',
  'intake.inspect',
  'intake.preview',
  'manuscripts.list',
  'manuscripts.search',
  'manuscripts.folders',
  'manuscripts.get',
  'manuscripts.upload',
  'manuscripts.uploadStatus',
  'candidates.query',
  'candidates.compare',
  'candidates.author',
  'candidates.evidence',
  'shortlist.list',
  'shortlist.add',
  'shortlist.remove',
  'shortlist.reorder',
  'shortlist.note',
  'shortlist.setStatus',
  'shortlist.setStatuses',
  'shortlist.setDue',
  'shortlist.reminders',
  'shortlist.decline',
  'shortlist.spread',
  'shortlist.round',
  'shortlist.setInviteNow',
  'invitation.getSettings',
  'invitation.setSettings',
  'invitation.draft',
  'invitation.open',
  'invitation.openAll',
  'invitation.markInvited',
  'ledger.query',
  'ledger.person',
  'ledger.split',
  'ledger.loads',
  'ledger.setAvailability',
  'ledger.declines',
  'requests.list',
  'requests.paste',
  'requests.setMatch',
  'requests.remove',
  'people.flags',
  'people.decisions',
  'doNotInvite.list',
  'doNotInvite.set',
  'doNotInvite.remove',
  'email.setBounced',
  'journals.get',
  'groups.list',
  'groups.create',
  'groups.add',
  'groups.authors',
  'authors.fetch',
  'authors.put',
  'authors.patch',
  'authors.delete',
  'customFields.list',
  'outbox.list',
  'outbox.retry',
  'outbox.edit',
  'outbox.discard',
  'sync.now',
  'webhook.status',
  'webhook.deliveries',
  'webhook.configure',
  'updates.getSettings',
  'updates.setSettings',
  'updates.restart',
  'demo.restart',
  'office.status',
  'office.test',
  'office.link',
  'office.unlink',
  'office.syncNow',
  'office.fileSharing',
  'office.setFileSharing',
] as const;

export const EVENT_CHANNELS = ['app.status', 'data.changed', 'upload.progress', 'shell.open', 'shell.menu', 'shell.update'] as const;

export type RequestChannelName = (typeof REQUEST_CHANNELS)[number];
export type EventChannelName = (typeof EVENT_CHANNELS)[number];

// ---------------------------------------------------------------------------------------------
// Reads and the change topics that make their answers old

/** A change topic, as DataChangedEvent names it in core's `data.changed` event. */
export type ChangeTopic =
  | 'profiles'
  | 'manuscripts'
  | 'candidates'
  | 'journals'
  | 'groups'
  | 'authors'
  | 'customFields'
  | 'outbox'
  | 'marks'
  | 'webhook'
  | 'shortlist'
  | 'ledger';

/**
 * What makes a read's answer old: a topic alone (any change of that kind), or `topic:field` (only a change
 * whose id is the input's `field`, or a change with no id). contract.ts checks at compile time that each
 * field is one of the channel's input fields.
 */
export type ReadDependency = ChangeTopic | `${ChangeTopic}:${string}`;

/**
 * The window's reads (Actual Budget's live queries: a query knows the tables it depends on): each channel the
 * renderer keeps an answer of, with the changes that make it old. The renderer's query cache refetches an
 * answer a view shows once per frame when one of these changes, and nothing else; a read not listed here is
 * asked once and never refetched by a change. The declarations sit beside the channel names rather than
 * inside contract.ts's specs so that the renderer's bundle reads them without zod.
 */
export const READS = {
  'profiles.list': ['profiles'],
  'manuscripts.list': ['manuscripts', 'candidates', 'marks'],
  'manuscripts.folders': ['manuscripts'],
  'manuscripts.search': ['manuscripts'],
  'manuscripts.get': ['manuscripts:id', 'candidates:id', 'marks'],
  'candidates.query': ['candidates', 'marks', 'shortlist', 'ledger'],
  'shortlist.list': ['shortlist:manuscriptId', 'candidates:manuscriptId', 'marks', 'ledger'],
  'shortlist.spread': ['shortlist:manuscriptId', 'candidates:manuscriptId'],
  'shortlist.round': ['shortlist:manuscriptId'],
  'shortlist.reminders': ['shortlist'],
  'invitation.getSettings': ['shortlist'],
  'invitation.draft': ['shortlist:manuscriptId', 'ledger'],
  'ledger.query': ['candidates', 'shortlist', 'ledger'],
  'ledger.person': ['candidates', 'shortlist', 'ledger'],
  'ledger.loads': ['candidates', 'shortlist', 'ledger'],
  'ledger.declines': ['candidates', 'shortlist', 'ledger'],
  'requests.list': ['shortlist:manuscriptId'],
  'people.flags': ['shortlist', 'ledger'],
  'people.decisions': ['shortlist', 'ledger'],
  'doNotInvite.list': ['shortlist', 'ledger'],
  'journals.get': ['journals:manuscriptId'],
  'groups.list': ['groups', 'authors'],
  'groups.authors': ['groups:groupId', 'authors:groupId'],
  'customFields.list': ['customFields'],
  'outbox.list': ['outbox'],
  'webhook.status': ['webhook'],
  'webhook.deliveries': ['manuscripts', 'marks', 'webhook'],
  'updates.getSettings': [],
} as const satisfies Partial<Record<RequestChannelName, readonly ReadDependency[]>>;

export type ReadChannel = keyof typeof READS;

type Change = { topic: ChangeTopic; id?: number };
type When = (input: Record<string, unknown>, change: Change) => boolean;

/** A run's rows never change once recorded: a new run ('candidates' with its manuscript's id) leaves them as they
 * are; only a 'candidates' change with no id (Clear cache) does. */
const clearedOnly: When = (_input, change) => change.id === undefined;

/**
 * Dependencies that hold only for some inputs or changes: the candidates' rows depend on the ledger only through
 * the "Hide busy reviewers" and "Worked with" filters; the invitation settings change with a 'shortlist' change
 * that names no manuscript (the settings, a split), not with a manuscript's shortlist.
 */
const READ_WHEN: { [C in ReadChannel]?: { [T in ChangeTopic]?: When } } = {
  'candidates.query': {
    candidates: clearedOnly,
    ledger: (input) => {
      const q = input.query as { hideBusy?: boolean; workedWith?: boolean } | undefined;
      return q?.hideBusy === true || q?.workedWith === true;
    },
  },
  'ledger.query': { candidates: clearedOnly },
  'ledger.person': { candidates: clearedOnly },
  'ledger.loads': { candidates: clearedOnly },
  'ledger.declines': { candidates: clearedOnly },
  'invitation.getSettings': { shortlist: (_input, change) => change.id === undefined },
};

/** Whether a change makes the answer of `channel` for `input` old. */
export function changeAges(channel: ReadChannel, input: unknown, change: Change): boolean {
  for (const dep of READS[channel] as readonly ReadDependency[]) {
    const [topic, field] = dep.split(':') as [ChangeTopic, string | undefined];
    if (topic !== change.topic) continue;
    const fields = input !== null && typeof input === 'object' ? (input as Record<string, unknown>) : {};
    const when = READ_WHEN[channel]?.[topic];
    if (when && !when(fields, change)) continue;
    if (field === undefined || change.id === undefined) return true;
    const value = fields[field];
    if (value === undefined || value === change.id) return true;
  }
  return false;
}
