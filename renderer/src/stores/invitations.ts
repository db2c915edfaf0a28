import { create } from 'zustand';
import type { InvitationDraft } from '../../../electron/common/views';
import { desk, errorText } from '../platform/instance';

/**
 * The invitation drafts a dialog shows: one `invitation.draft` per person asked, in the order asked.
 * Reloaded from the 'shortlist' topic (a due date or the template changed the text).
 */
interface DraftsStore {
  manuscriptId: number | null;
  authorIds: readonly number[];
  drafts: InvitationDraft[];
  error: string | null;
  loading: boolean;
  load(manuscriptId: number, authorIds: readonly number[]): Promise<void>;
  reload(): Promise<void>;
  reset(): void;
}

let ticket = 0;

export const useDrafts = create<DraftsStore>((set, get) => ({
  manuscriptId: null,
  authorIds: [],
  drafts: [],
  error: null,
  loading: false,
  async load(manuscriptId, authorIds) {
    const mine = ++ticket;
    const same = get().manuscriptId === manuscriptId && get().authorIds.join() === authorIds.join();
    set({ manuscriptId, authorIds, loading: true, ...(same ? {} : { drafts: [], error: null }) });
    try {
      const drafts = await Promise.all(authorIds.map((authorId) => desk().invoke('invitation.draft', { manuscriptId, authorId })));
      if (mine === ticket) set({ drafts, error: null, loading: false });
    } catch (err) {
      if (mine === ticket) set({ error: errorText(err), loading: false });
    }
  },
  async reload() {
    const { manuscriptId, authorIds } = get();
    if (manuscriptId !== null && authorIds.length > 0) await get().load(manuscriptId, authorIds);
  },
  reset() {
    ticket++;
    set({ manuscriptId: null, authorIds: [], drafts: [], error: null, loading: false });
  },
}));
