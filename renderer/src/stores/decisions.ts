// The editor's decisions about people: the authors' opposed and suggested reviewers of a manuscript,
// the do-not-invite list and bounced addresses. Views call these actions (never the bridge) and show the
// error text they return; the reads are queries (data/queries.ts).
import type { PersonFlagRow } from '../../../electron/common/shapes';
import { setQueryData, useQuerySelect, type QueryState } from '../data/queries';
import { desk, errorText } from '../platform/instance';

type Outcome = Promise<string | null>;

async function attempt(run: () => Promise<unknown>): Outcome {
  try {
    await run();
    return null;
  } catch (err) {
    return errorText(err);
  }
}

/** Reads the pasted lines of one kind and adds them, matched, to the manuscript's requests. */
export const pasteRequests = (manuscriptId: number, kind: 'opposed' | 'suggested', text: string): Outcome =>
  attempt(async () => {
    const rows = await desk().invoke('requests.paste', { manuscriptId, kind, text });
    setQueryData('requests.list', { manuscriptId }, rows);
  });

export const setRequestMatch = (manuscriptId: number, id: number, authorId: number | null): Outcome =>
  attempt(() => desk().invoke('requests.setMatch', { manuscriptId, id, authorId }));

export const removeRequest = (manuscriptId: number, id: number): Outcome =>
  attempt(() => desk().invoke('requests.remove', { manuscriptId, id }));

/** Puts the matched suggested people on the shortlist (those already on it stay where they are). */
export const shortlistSuggested = (manuscriptId: number, authorIds: readonly number[]): Outcome =>
  attempt(() => desk().invoke('shortlist.add', { manuscriptId, authorIds: [...authorIds] }));

export const setDoNotInvite = (personId: number, reason: string, until: string | null): Outcome =>
  attempt(() => desk().invoke('doNotInvite.set', { personId, reason, until }));

export const removeDoNotInvite = (personId: number): Outcome => attempt(() => desk().invoke('doNotInvite.remove', { personId }));

export const setBounced = (email: string, bounced: boolean): Outcome =>
  attempt(() => desk().invoke('email.setBounced', { email, bounced }));

let indexed: { data: readonly PersonFlagRow[]; byAuthor: Map<number, PersonFlagRow> } | null = null;

/** One person's flags for the manuscript the flags were read for (undefined: nothing to say). */
export const selectFlag =
  (authorId: number | undefined) =>
  (s: QueryState<PersonFlagRow[]>): PersonFlagRow | undefined => {
    if (authorId === undefined || s.data === null) return undefined;
    if (indexed?.data !== s.data) indexed = { data: s.data, byAuthor: new Map(s.data.map((f) => [f.authorId, f])) };
    return indexed.byAuthor.get(authorId);
  };

/** One person's flags for a manuscript; re-renders the caller only when that person's flags change. */
export const usePersonFlag = (manuscriptId: number | null, authorId: number | undefined): PersonFlagRow | undefined =>
  useQuerySelect('people.flags', manuscriptId === null ? null : { manuscriptId }, selectFlag(authorId), { ask: false });

/** A candidate of the run the editor can choose as the person an entry names. */
export interface Choice {
  authorId: number;
  name: string;
  affiliation: string | null;
}

/** The run's candidates by name, the authors' opposed included: the menu that fixes a match. */
export async function candidateChoices(runId: number): Promise<Choice[]> {
  try {
    const page = await desk().invoke('candidates.query', { runId, query: { showOpposed: true, sort: [{ by: 'name', dir: 'asc' }] } });
    return page.rows.map((c) => ({ authorId: c.authorId, name: c.name, affiliation: c.affiliation }));
  } catch {
    return [];
  }
}
