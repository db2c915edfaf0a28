// The shortlist's writes, the open manuscript's shortlist and the panel's on-screen state. Writes invoke core;
// core's 'shortlist' change refetches the list (data/queries.ts), so no view keeps its own copy of what core knows.
import { create } from 'zustand';
import type { RequestChannel, RequestInput } from '../../../../electron/common/contract';
import type { CandidateRow } from '../../../../electron/common/shapes';
import { desk, errorText } from '../../platform/instance';
import type { ShortlistEntryRow } from '../../../../electron/common/shapes';
import { peekQuery, useQuerySelect, type QueryState } from '../../data/queries';
import { useManuscripts } from '../../stores/manuscripts';

interface PanelState {
  /** The panel is shown (beside the table on a wide window, in its place on a narrow one). */
  open: boolean;
  /** The last write's error, in the editor's words. */
  error: string | null;
  /** Who the invitation dialog drafts for (null: closed). */
  inviting: readonly number[] | null;
  /** Whose decline the reason dialog records (null: closed). */
  declining: number | null;
}

export const useShortlistPanel = create<PanelState>(() => ({ open: false, error: null, inviting: null, declining: null }));

/** Invokes a shortlist write; its error shows in the panel. True when it went through. */
export async function write<C extends RequestChannel>(channel: C, input: RequestInput<C>): Promise<boolean> {
  try {
    await desk().invoke(channel, input);
    useShortlistPanel.setState({ error: null });
    return true;
  } catch (err) {
    useShortlistPanel.setState({ error: errorText(err) });
    return false;
  }
}

/** A manuscript's shortlist as far as known, or null while it is not loaded. */
export function currentEntries(manuscriptId: number | null): readonly ShortlistEntryRow[] | null {
  return manuscriptId === null ? null : peekQuery('shortlist.list', { manuscriptId });
}

type Entries = QueryState<ShortlistEntryRow[]>;
const entriesOf = (s: Entries) => s.data;

/**
 * Part of the open manuscript's shortlist (by default the whole list, null while not loaded); re-renders only when
 * that part changes. ShortlistArea keeps the list asked for while the manuscript is open.
 */
export function useOpenShortlist<T = ShortlistEntryRow[] | null>(select: (s: Entries) => T = entriesOf as (s: Entries) => T): T {
  const manuscriptId = useManuscripts((s) => s.detail?.manuscript.id ?? null);
  return useQuerySelect('shortlist.list', manuscriptId === null ? null : { manuscriptId }, select, { ask: false });
}

/** Adds the candidate to the open manuscript's shortlist, or takes them off it. */
export async function toggleShortlist(row: Pick<CandidateRow, 'authorId'>): Promise<void> {
  const manuscriptId = useManuscripts.getState().detail?.manuscript.id ?? null;
  if (manuscriptId === null) return;
  const on = currentEntries(manuscriptId)?.some((e) => e.authorId === row.authorId) ?? false;
  if (on) await write('shortlist.remove', { manuscriptId, authorId: row.authorId });
  else await write('shortlist.add', { manuscriptId, authorIds: [row.authorId] });
}

/** Records a decline with its reason (and, for "too busy" or "on leave", until when the person is unavailable). */
export async function recordDecline(input: RequestInput<'shortlist.decline'>): Promise<string | null> {
  try {
    await desk().invoke('shortlist.decline', input);
    useShortlistPanel.setState({ error: null, declining: null });
    return null;
  } catch (err) {
    return errorText(err);
  }
}
