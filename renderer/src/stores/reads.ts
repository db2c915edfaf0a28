// The reads of core that are not a domain store of their own: one resource store per channel.
// A view calls `load(input)` when it shows; data/topics.ts reloads them when core says data changed.
import { resource } from './resource';

export const useOutbox = resource('outbox.list');
export const useWebhookDeliveries = resource('webhook.deliveries');
export const useWebhookStatus = resource('webhook.status');
export const useCustomFields = resource('customFields.list');
export const useJournals = resource('journals.get');
export const useGroups = resource('groups.list');
export const useGroupAuthors = resource('groups.authors');
/** The open manuscript's shortlist (input: its id), in the editor's order. */
export const useShortlist = resource('shortlist.list');
// Reviewer ledger, invitation settings and reminders (local only; issue 13).
export const useLedger = resource('ledger.query');
export const useLedgerPerson = resource('ledger.person');
export const useLoads = resource('ledger.loads');
export const useInvitationSettings = resource('invitation.getSettings');
export const useReminders = resource('shortlist.reminders');
/** How many of the open manuscript's shortlist are invited at once (input: its id); the rest are alternates. */
export const useRound = resource('shortlist.round');
/** Where the open manuscript's shortlist comes from, its career stages, what it shares with the authors (input: its id). */
export const useSpread = resource('shortlist.spread');
/** The Reviewers view's decline report. */
export const useDeclines = resource('ledger.declines');
// The editor's decisions about people (local only): the authors' requests of the open manuscript, its
// people's flags, a ledger person's do-not-invite entry and addresses, the do-not-invite list.
export const useRequests = resource('requests.list');
export const useFlags = resource('people.flags');
export const usePersonDecisions = resource('people.decisions');
export const useDoNotInvite = resource('doNotInvite.list');
