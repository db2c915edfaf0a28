// The shortlist's writes, the open manuscript's shortlist and the panel's on-screen state. Writes invoke core;
// core's 'shortlist' change refetches the list (data/queries.ts), so no view keeps its own copy of what core knows.
import { create } from 'zustand';
import type { RequestChannel, RequestInput } from '../../../../electron/common/contract';
import type { CandidateRow } from '../../../../electron/common/shapes';
import { desk, errorText } from '../../platform/instance';
import type { ShortlistEntryRow } from '../../../../electron/common/shapes';
import { peekQuery, useQuerySelect, type QueryState } from '../../data/queries';
import { useManuscripts } from '../../stores/manuscripts';
import { useCandidates } from '../../stores/candidates';
import { MAX_QUICK_PICK, firstWithoutConflicts, pickSummary } from '../../../../electron/common/domain/quickInvite';

interface PanelState {
  /** The panel is shown (beside the table on a wide window, in its place on a narrow one). */
  open: boolean;
  /** The last write's error, in the editor's words. */
  error: string | null;
  /** Who the invitation dialog drafts for (null: closed). */
  inviting: readonly number[] | null;
  /** Whose decline the reason dialog records (null: closed). */
  declining: number | null;
  /** What the last batch action did, said in the panel (with Undo where it can be taken back), for one manuscript. */
  notice: Notice | null;
}

export interface Notice {
  manuscriptId: number;
  text: string;
  undo: (() => void) | null;
}

export const useShortlistPanel = create<PanelState>(() => ({ open: false, error: null, inviting: null, declining: null, notice: null }));

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

/**
 * "Shortlist the first N without conflicts": the first `n` rows of the table as shown (its order and filters) who
 * have no conflict, are not busy, not on the do-not-invite list, not opposed, have an address and are not on the
 * list yet, added in one write; the panel opens on them and says whom it passed over.
 */
export async function shortlistFirstWithoutConflicts(manuscriptId: number, runId: number, n: number): Promise<void> {
  try {
    const rows = await useCandidates.getState().allRows();
    const [loads, flags, entries] = await Promise.all([
      desk().invoke('ledger.loads', { runId }),
      desk().invoke('people.flags', { manuscriptId }),
      desk().invoke('shortlist.list', { manuscriptId }),
    ]);
    const pick = firstWithoutConflicts(rows, n, { shortlisted: entries.map((e) => e.authorId), flags, loads });
    if (pick.picked.length > 0) await desk().invoke('shortlist.add', { manuscriptId, authorIds: pick.picked });
    useShortlistPanel.setState({ open: true, error: null, notice: { manuscriptId, text: pickSummary(pick, n), undo: null } });
  } catch (err) {
    useShortlistPanel.setState({ open: true, error: errorText(err) });
  }
}

const PICK_KEY = 'referee-desk.shortlist.firstN';

function readPickCount(): number | null {
  try {
    const n = Number(localStorage.getItem(PICK_KEY));
    return Number.isInteger(n) && n >= 1 && n <= MAX_QUICK_PICK ? n : null;
  } catch {
    return null;
  }
}

/** How many "Shortlist the first N" adds, as the editor chose it (this window's storage); null: the manuscript's invite-now count. */
export const usePickCount = create<{ n: number | null; set(n: number): void }>((set) => ({
  n: readPickCount(),
  set(n) {
    try {
      localStorage.setItem(PICK_KEY, String(n));
    } catch {
      // Storage refused: the choice holds for this session.
    }
    set({ n });
  },
}));
