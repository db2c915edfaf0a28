// The renderer's one data path: which stores reload when core says a kind of data changed.
// A new store (e.g. a shortlist) adds its reload to the topics it depends on here, and nowhere else.
import type { DataChangedEvent } from '../../../electron/common/views';
import type { Desk } from '../platform/desk';
import { useApp } from '../stores/app';
import { useCandidates } from '../stores/candidates';
import { useDrafts } from '../stores/invitations';
import { useManuscripts } from '../stores/manuscripts';
import { useProfiles } from '../stores/profiles';
import {
  useCustomFields,
  useDoNotInvite,
  useFlags,
  useGroupAuthors,
  useGroups,
  useInvitationSettings,
  useJournals,
  useLedger,
  useLedgerPerson,
  useLoads,
  useOutbox,
  usePersonDecisions,
  useReminders,
  useRound,
  useDeclines,
  useRequests,
  useShortlist,
  useSpread,
  useWebhookDeliveries,
  useWebhookStatus,
} from '../stores/reads';

export type Topic = DataChangedEvent['topic'];

type Reload = (event: DataChangedEvent) => unknown;

const manuscripts: Reload = () => useManuscripts.getState().load();
const candidates: Reload = () => useCandidates.getState().reload();
const journals: Reload = (e) => {
  const input = useJournals.getState().input;
  // A refresh asked once is not repeated by a change elsewhere; the cache answers.
  if (input && (e.id === undefined || e.id === input.manuscriptId)) return useJournals.getState().load({ ...input, refresh: false });
};
// The ledger's reads: the Reviewers list, the person open in it, a run's load badges, reminders due.
const ledger: Reload[] = [
  () => useLedger.getState().reload(),
  () => useLedgerPerson.getState().reload(),
  () => useLoads.getState().reload(),
  () => useReminders.getState().reload(),
  () => useDeclines.getState().reload(),
];
const groups: Reload = () => useGroups.getState().reload();
// The editor's decisions: a manuscript's authors' requests ('shortlist' with its id) and its people's flags,
// which a do-not-invite entry or a bounced address ('ledger') changes too.
const requests: Reload = (e) => {
  const input = useRequests.getState().input;
  if (input && (e.id === undefined || e.id === input.manuscriptId)) return useRequests.getState().reload();
};
const decisions: Reload[] = [
  () => useFlags.getState().reload(),
  () => usePersonDecisions.getState().reload(),
  () => useDoNotInvite.getState().reload(),
];
// A manuscript's shortlist and open drafts after its own writes (id = the manuscript). A new run (the
// latest-run flag) and a webhook mark (shown beside the status) reload the shortlist too, whatever the id.
const shortlist: Reload = (e) => {
  const input = useShortlist.getState().input;
  if (input && (e.id === undefined || e.id === input.manuscriptId)) return useShortlist.getState().reload();
};
const round: Reload = (e) => {
  const input = useRound.getState().input;
  if (input && (e.id === undefined || e.id === input.manuscriptId)) return useRound.getState().reload();
};
const spread: Reload = (e) => {
  const input = useSpread.getState().input;
  if (input && (e.id === undefined || e.id === input.manuscriptId)) return useSpread.getState().reload();
};
const drafts: Reload = (e) => {
  const id = useDrafts.getState().manuscriptId;
  if (id !== null && (e.id === undefined || e.id === id)) return useDrafts.getState().reload();
};
const groupAuthors: Reload = (e) => {
  const input = useGroupAuthors.getState().input;
  if (input && (e.id === undefined || e.id === input.groupId)) return useGroupAuthors.getState().reload();
};

/** Topic → the reloads it triggers. The only table of its kind in the renderer. */
export const RELOADS: Record<Topic, Reload[]> = {
  profiles: [() => useProfiles.getState().load()],
  manuscripts: [manuscripts, () => useWebhookDeliveries.getState().reload()],
  candidates: [manuscripts, candidates, () => useShortlist.getState().reload(), spread, ...ledger],
  marks: [manuscripts, candidates, () => useShortlist.getState().reload(), () => useWebhookDeliveries.getState().reload()],
  journals: [journals],
  groups: [groups, groupAuthors],
  authors: [groupAuthors, groups],
  customFields: [() => (useCustomFields.getState().input ? useCustomFields.getState().load({}) : undefined)],
  outbox: [() => useOutbox.getState().reload()],
  webhook: [() => useWebhookDeliveries.getState().reload(), () => useWebhookStatus.getState().reload()],
  // The candidates query filters on invitations (hide busy reviewers, people I have worked with).
  shortlist: [candidates, shortlist, round, spread, drafts, ...ledger, requests, ...decisions],
  ledger: [candidates, shortlist, ...ledger, () => useInvitationSettings.getState().reload(), ...decisions],
};

/** Everything that belongs to one profile's workspace, forgotten when another profile becomes active. */
export function resetWorkspace(): void {
  useManuscripts.getState().reset();
  useCandidates.getState().reset();
  useDrafts.getState().reset();
  for (const store of [
    useShortlist,
    useJournals,
    useGroups,
    useGroupAuthors,
    useOutbox,
    useWebhookDeliveries,
    useCustomFields,
    useLedger,
    useLedgerPerson,
    useLoads,
    useReminders,
    useRound,
    useSpread,
    useDeclines,
    useRequests,
    useFlags,
    usePersonDecisions,
  ]) {
    const input = store.getState().input;
    store.getState().reset();
    // A view showing it asks again, for the new workspace (its own input: a group id of the old one is not).
    if (
      input !== null &&
      (store === useGroups ||
        store === useOutbox ||
        store === useWebhookDeliveries ||
        store === useCustomFields ||
        store === useLedger ||
        store === useReminders)
    )
      void store.getState().load(input as never);
  }
}

export async function dispatch(event: DataChangedEvent): Promise<void> {
  await Promise.all(RELOADS[event.topic].map((reload) => reload(event)));
}

/** Another profile became active (whoever asked): the old workspace's rows, batch and selection go. */
function followActiveProfile(): () => void {
  let active = useProfiles.getState().state?.activeId;
  return useProfiles.subscribe((s) => {
    const next = s.state?.activeId;
    if (next === undefined || next === active) return;
    // From no profile at all (a first start, the demo service's profile just made) nothing is forgotten: uploads the
    // editor pressed meanwhile were queued for this very profile.
    const switched = active !== undefined && active !== null;
    const first = active === null;
    active = next;
    if (first) void useManuscripts.getState().load();
    if (!switched) return;
    resetWorkspace();
    void useManuscripts.getState().load();
  });
}

/** Subscribes the stores to core's events; returns the unsubscribe. Called once at boot. */
export function connect(desk: Desk): () => void {
  const offs = [
    useApp.getState().start(desk),
    followActiveProfile(),
    desk.on('upload.progress', (p) => useManuscripts.getState().setProgress(p.manuscriptId, p.sentBytes, p.totalBytes)),
    desk.on('data.changed', (e) => void dispatch(e)),
  ];
  // Which profile is active, so a later switch is told apart from the first load.
  void useProfiles.getState().load();
  return () => offs.forEach((off) => off());
}
