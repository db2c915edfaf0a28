import { create } from 'zustand';
import { DEFAULT_DUE_DAYS, MAX_DUE_DAYS, dueDateAfter } from '../../../electron/common/domain/invitation';
import type { InvitationDraft, ShortlistStatus } from '../../../electron/common/shapes';
import { desk, errorText } from '../platform/instance';
import { latestOnly } from '../data/latest';
import { live, setQueryData } from '../data/queries';

/**
 * The invitation drafts a dialog shows: one `invitation.draft` per person asked, in the order asked.
 * Reloaded by the changes READS names for invitation.draft (a due date or the template changed the text).
 */
interface DraftsStore {
  manuscriptId: number | null;
  authorIds: readonly number[];
  /** People the authors opposed whom the editor confirmed to invite anyway (their drafts ask with confirmOpposed). */
  confirmed: readonly number[];
  drafts: InvitationDraft[];
  error: string | null;
  loading: boolean;
  load(manuscriptId: number, authorIds: readonly number[], confirmed?: readonly number[]): Promise<void>;
  reload(): Promise<void>;
  reset(): void;
}

const requests = latestOnly();

export const useDrafts = create<DraftsStore>((set, get) => ({
  manuscriptId: null,
  authorIds: [],
  confirmed: [],
  drafts: [],
  error: null,
  loading: false,
  async load(manuscriptId, authorIds, confirmed = get().confirmed) {
    const mine = requests.begin();
    const same = get().manuscriptId === manuscriptId && get().authorIds.join() === authorIds.join();
    set({ manuscriptId, authorIds, confirmed, loading: true, ...(same ? {} : { drafts: [], error: null }) });
    try {
      const drafts = await Promise.all(
        authorIds.map((authorId) =>
          desk().invoke('invitation.draft', { manuscriptId, authorId, ...(confirmed.includes(authorId) ? { confirmOpposed: true } : {}) }),
        ),
      );
      if (mine()) set({ drafts, error: null, loading: false });
    } catch (err) {
      if (mine()) set({ error: errorText(err), loading: false });
    }
  },
  async reload() {
    const { manuscriptId, authorIds } = get();
    if (manuscriptId !== null && authorIds.length > 0) await get().load(manuscriptId, authorIds);
  },
  reset() {
    requests.drop();
    set({ manuscriptId: null, authorIds: [], confirmed: [], drafts: [], error: null, loading: false });
  },
}));

live(
  'invitation.draft',
  () => {
    const { manuscriptId, authorIds } = useDrafts.getState();
    return manuscriptId === null || authorIds.length === 0 ? null : { manuscriptId, authorId: authorIds[0]! };
  },
  () => useDrafts.getState().reload(),
);

const DUE_DAYS_KEY = 'referee-desk.invitation.dueDays';

function readDueDays(): number | null {
  try {
    const n = Number(localStorage.getItem(DUE_DAYS_KEY));
    return Number.isInteger(n) && n >= 1 && n <= MAX_DUE_DAYS ? n : null;
  } catch {
    return null;
  }
}

/**
 * The default due period (days from the invitation to the report), kept in this window's storage:
 * a draft for someone with no due date gets one that far ahead. Null until the editor chose one.
 */
export const useDuePeriod = create<{ days: number | null; set(days: number): void }>((set) => ({
  days: readDueDays(),
  set(days) {
    try {
      localStorage.setItem(DUE_DAYS_KEY, String(days));
    } catch {
      // Storage refused: the period holds for this session.
    }
    set({ days });
  },
}));

/** Asked once before the first draft: the name that signs invitations (saved in core) and the due period. */
export async function saveInvitationBasics(editorName: string, dueDays: number): Promise<string | null> {
  try {
    const next = await desk().invoke('invitation.setSettings', { editorName: editorName.trim() });
    setQueryData('invitation.getSettings', {}, next);
    useDuePeriod.getState().set(dueDays);
    return null;
  } catch (err) {
    return errorText(err);
  }
}

/**
 * Drafts for these people: first a due date for each who has none (today plus the due period), so the
 * draft asks for the report by a day, then their drafts.
 */
export async function draftInvitations(
  manuscriptId: number,
  people: ReadonlyArray<{ authorId: number; dueDate: string | null }>,
  confirmed: readonly number[] = [],
) {
  const days = useDuePeriod.getState().days ?? DEFAULT_DUE_DAYS;
  const dueDate = dueDateAfter(new Date(), days);
  try {
    await Promise.all(
      people
        .filter((p) => p.dueDate === null)
        .map((p) => desk().invoke('shortlist.setDue', { manuscriptId, authorId: p.authorId, dueDate })),
    );
  } catch (err) {
    useDrafts.setState({ error: errorText(err) });
  }
  await useDrafts.getState().load(
    manuscriptId,
    people.map((p) => p.authorId),
    confirmed,
  );
}

/** True where core opens the mail app itself (Electron); elsewhere the draft's mailto: link does. */
export const mailOpensThroughCore = (): boolean => desk().host === 'electron';

/** Asks core to open the draft in the system mail app; false when it cannot (use the link instead). */
export async function openInMailApp(key: { manuscriptId: number; authorId: number; confirmOpposed?: boolean }): Promise<boolean> {
  try {
    return (await desk().invoke('invitation.open', key)).opened;
  } catch {
    return false;
  }
}

/** Opens a mailto: link from the page (the browser host, where core cannot reach the mail app). */
function openLink(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.hidden = true;
  a.dataset.mailOpen = '';
  document.body.append(a);
  a.click();
  a.remove();
}

export interface OpenAllOutcome {
  error: string | null;
  /** The people whose message opened, now invited. */
  opened: number[];
  /** The people whose message did not open (the mail app failed part-way): as they were. */
  notOpened: number[];
}

/**
 * "Open all in mail app": one message per person. Core checks everyone first (nothing opens if one may not be
 * invited); in Electron it opens each and marks those opened invited in one write. The browser host cannot reach
 * the mail app: the page opens each link, then everyone is marked invited together (shortlist.setStatuses).
 */
export async function openAllInMailApp(
  manuscriptId: number,
  authorIds: readonly number[],
  confirmed: readonly number[],
): Promise<OpenAllOutcome> {
  try {
    const people = authorIds.map((authorId) => ({ authorId, ...(confirmed.includes(authorId) ? { confirmOpposed: true } : {}) }));
    const r = await desk().invoke('invitation.openAll', { manuscriptId, people });
    if (r.opened) return { error: null, opened: r.invited.map((e) => e.authorId), notOpened: r.notOpened };
    for (const d of r.drafts) openLink(d.mailto);
    await desk().invoke('shortlist.setStatuses', {
      manuscriptId,
      changes: r.drafts.map((d) => ({ authorId: d.authorId, status: 'invited' as const })),
    });
    return { error: null, opened: r.drafts.map((d) => d.authorId), notOpened: [] };
  } catch (err) {
    return { error: errorText(err), opened: [], notOpened: [] };
  }
}

/** Several people at once to these statuses (everyone marked invited, or each put back by Undo): all or none. */
export async function setStatuses(
  manuscriptId: number,
  changes: ReadonlyArray<{ authorId: number; status: ShortlistStatus }>,
): Promise<string | null> {
  if (changes.length === 0) return null;
  try {
    await desk().invoke('shortlist.setStatuses', { manuscriptId, changes: [...changes] });
    return null;
  } catch (err) {
    return errorText(err);
  }
}
