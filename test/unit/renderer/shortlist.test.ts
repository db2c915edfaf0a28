// The shortlist on screen, below the view: what the toolbar says and acts on, moves, allowed status
// changes, the clipboard text; the data path (shortlist and drafts reloaded from core's topics, forgotten
// on a profile switch) and the checkbox's write (add, or remove when already on the list).
import { beforeEach, describe, expect, it } from 'vitest';
import { TRANSITIONS } from '../../../electron/common/domain/shortlist';
import type { CandidateRow, InvitationDraft, ShortlistEntryRow } from '../../../electron/common/shapes';
import { connect, resetWorkspace } from '../../../renderer/src/data/connect';
import { queryState, watchQuery } from '../../../renderer/src/data/queries';
import {
  actionLabels,
  actionTarget,
  draftText,
  moved,
  nextStatuses,
  notYetInvited,
  shortlistEmails,
  shortlistExport,
  statusLine,
} from '../../../renderer/src/features/candidates/shortlistModel';
import { toggleShortlist, useShortlistPanel } from '../../../renderer/src/features/candidates/shortlistState';
import { useDrafts } from '../../../renderer/src/stores/invitations';
import { useManuscripts } from '../../../renderer/src/stores/manuscripts';
import { installFakeDesk, settle } from './fake-desk';

const entry = (authorId: number, position: number, patch: Partial<ShortlistEntryRow> = {}): ShortlistEntryRow => ({
  manuscriptId: 3,
  authorId,
  personId: authorId,
  position,
  name: `Person ${authorId}`,
  email: `p${authorId}@example.org`,
  orcid: null,
  affiliation: null,
  note: '',
  status: 'shortlisted',
  dueDate: null,
  invitedAt: null,
  answeredAt: null,
  closedAt: null,
  inLatestRun: true,
  localConflicts: null,
  serviceMark: null,
  invitedByColleagues: [],
  declineReason: null,
  declineText: null,
  unavailableUntil: null,
  createdAt: 1,
  updatedAt: 1,
  ...patch,
});
const DAY = Date.UTC(2026, 10, 23, 9);

describe('shortlist rules on screen', () => {
  it('acts on the shortlist when it has anyone and says so; on the table otherwise', () => {
    const rows = [{ authorId: 1 } as CandidateRow];
    expect(actionTarget(null, rows)).toEqual({ kind: 'table', rows });
    expect(actionTarget([], rows)).toEqual({ kind: 'table', rows });
    expect(actionLabels(actionTarget([], rows))).toMatchObject({ copy: 'Copy e-mails', csv: 'Export CSV', xlsx: 'Export XLSX' });
    const five = [1, 2, 3, 4, 5].map((id, i) => entry(id, i + 1, id === 4 ? { email: null } : {}));
    const labels = actionLabels(actionTarget(five, rows));
    expect(labels).toMatchObject({ copy: 'Copy 4 e-mails', csv: 'Export 5 to CSV', xlsx: 'Export 5 to XLSX' });
    expect(labels.title).toMatch(/shortlist \(5 people/);
    expect(actionLabels(actionTarget([entry(1, 1)], rows))).toMatchObject({ copy: 'Copy 1 e-mail', csv: 'Export 1 to CSV' });
  });

  it('copies and exports in the editor’s order, with notes, statuses and the service’s mark', () => {
    const list = [
      entry(7, 2, { note: 'second', status: 'invited', invitedAt: DAY }),
      entry(5, 1, { email: null, note: 'first' }),
      entry(9, 3, { serviceMark: { markedBy: null }, status: 'declined', invitedAt: DAY, answeredAt: DAY }),
    ];
    expect(shortlistEmails(list)).toEqual(['p7@example.org', 'p9@example.org']);
    // A value that is not one address would paste into a To: field as more recipients: it is left out.
    const odd = [
      entry(1, 1, { email: 'a@x.org,b@y.org' }),
      entry(2, 2, { email: 'ada@x.org?bcc=evil@x.org' }),
      entry(3, 3, { email: ' c@z.org ' }),
    ];
    expect(shortlistEmails(odd)).toEqual(['c@z.org']);
    expect(actionLabels(actionTarget(odd, []))).toMatchObject({ copy: 'Copy 1 e-mail' });
    const t = shortlistExport(list);
    expect(t.rows.map((r) => [r[0], r[1], r[5], r[6], r[8], r[9], r[10]])).toEqual([
      [1, 'Person 5', 'Shortlisted', 'first', '', '', ''],
      [2, 'Person 7', 'Invited', 'second', '2026-11-23', '', ''],
      [3, 'Person 9', 'Declined', '', '2026-11-23', '2026-11-23', 'yes'],
    ]);
  });

  it('moves one person to another place, clamped to the list; nothing moves → the same order', () => {
    const ids = [1, 2, 3, 4];
    expect(moved(ids, 2, 1)).toEqual([1, 3, 2, 4]);
    expect(moved(ids, 0, 3)).toEqual([2, 3, 4, 1]);
    expect(moved(ids, 3, 0)).toEqual([4, 1, 2, 3]);
    expect(moved(ids, 0, -1)).toBe(ids);
    expect(moved(ids, 3, 9)).toBe(ids);
    expect(moved(ids, 7, 0)).toBe(ids);
  });

  it('offers only the status moves the rules allow next', () => {
    for (const status of Object.keys(TRANSITIONS) as Array<keyof typeof TRANSITIONS>)
      expect(nextStatuses(status).map((o) => o.status)).toEqual(TRANSITIONS[status]);
    expect(nextStatuses('shortlisted').map((o) => o.label)).toEqual(['Invited']);
    expect(nextStatuses('invited').map((o) => o.label)).toEqual([
      'Accepted',
      'Declined',
      'No answer',
      'Shortlisted (invitation taken back)',
    ]);
    expect(nextStatuses('closed')).toEqual([]);
  });

  it('drafts for the people not yet invited, in order; status lines carry the date of the move', () => {
    const list = [entry(3, 3), entry(1, 1, { status: 'invited', invitedAt: DAY }), entry(2, 2), entry(4, 4, { status: 'declined' })];
    expect(notYetInvited(list)).toEqual([2, 3]);
    expect(statusLine(entry(1, 1))).toBe('Shortlisted');
    expect(statusLine(entry(1, 1, { status: 'invited', invitedAt: DAY }))).toBe('Invited 2026-11-23');
    expect(statusLine(entry(1, 1, { status: 'no_answer', invitedAt: 0, answeredAt: DAY }))).toBe('No answer 2026-11-23');
    expect(statusLine(entry(1, 1, { status: 'closed', answeredAt: 0, closedAt: DAY }))).toBe('Review received 2026-11-23');
  });

  it('puts the whole invitation on the clipboard, with the address when there is one', () => {
    const d = { to: 'a@b.org', subject: 'Invitation to review: Ł', body: 'Dear Zoë,\n\nline' };
    expect(draftText(d)).toBe('To: a@b.org\nSubject: Invitation to review: Ł\n\nDear Zoë,\n\nline');
    expect(draftText({ ...d, to: null })).toBe('Subject: Invitation to review: Ł\n\nDear Zoë,\n\nline');
  });
});

describe('shortlist data path', () => {
  beforeEach(() => {
    resetWorkspace();
    useShortlistPanel.setState({ open: false, error: null, inviting: null });
  });

  const draft = (manuscriptId: number, authorId: number): InvitationDraft => ({
    manuscriptId,
    authorId,
    to: null,
    subject: 's',
    body: 'b',
    mailto: 'mailto:?subject=s',
    truncated: false,
    unknownPlaceholders: [],
  });

  it('reloads the open manuscript’s shortlist and drafts on its topic, a new run and a mark; not for another manuscript', async () => {
    let list = [entry(1, 1)];
    const fake = installFakeDesk({
      'app.info': () => ({}) as never,
      'profiles.list': () => ({ profiles: [], activeId: 'a', keyStorage: 'keychain', keyStorageWarning: null }),
      'shortlist.list': () => list,
      'invitation.draft': ({ manuscriptId, authorId }) => draft(manuscriptId, authorId),
    });
    const off = connect(fake);
    const stop = watchQuery('shortlist.list', { manuscriptId: 3 });
    await settle();
    await useDrafts.getState().load(3, [1]);
    expect(fake.count('shortlist.list')).toBe(1);
    list = [entry(1, 1), entry(2, 2)];
    fake.emit('data.changed', { topic: 'shortlist', id: 3 });
    await settle();
    expect(fake.count('shortlist.list')).toBe(2);
    expect(fake.count('invitation.draft')).toBe(2);
    expect(queryState('shortlist.list', { manuscriptId: 3 }).data?.map((e) => e.authorId)).toEqual([1, 2]);
    fake.emit('data.changed', { topic: 'shortlist', id: 4 });
    await settle();
    expect(fake.count('shortlist.list')).toBe(2);
    expect(fake.count('invitation.draft')).toBe(2);
    // Two changes in one frame: one request.
    fake.emit('data.changed', { topic: 'marks' });
    fake.emit('data.changed', { topic: 'candidates' });
    await settle();
    expect(fake.count('shortlist.list')).toBe(3);
    // Another profile's workspace: nothing of the old list or drafts stays.
    resetWorkspace();
    expect(queryState('shortlist.list', { manuscriptId: 3 }).data).toBeNull();
    expect(useDrafts.getState().drafts).toEqual([]);
    stop();
    off();
  });

  it('the checkbox adds a person to the open manuscript’s list, or removes them when on it; a refused write is said in the panel', async () => {
    const fake = installFakeDesk({
      'shortlist.list': () => [entry(10, 1)],
      'shortlist.add': () => [],
      'shortlist.remove': () => {
        throw Object.assign(new Error('gone'), { code: 'not_found' });
      },
    });
    useManuscripts.setState({ detail: { manuscript: { id: 3 }, runs: [] } as never });
    const stop = watchQuery('shortlist.list', { manuscriptId: 3 });
    await settle();
    await toggleShortlist({ authorId: 11 });
    expect(fake.calls.at(-1)).toEqual({ channel: 'shortlist.add', input: { manuscriptId: 3, authorIds: [11] } });
    expect(useShortlistPanel.getState().error).toBeNull();
    await toggleShortlist({ authorId: 10 });
    expect(fake.calls.at(-1)).toEqual({ channel: 'shortlist.remove', input: { manuscriptId: 3, authorId: 10 } });
    expect(useShortlistPanel.getState().error).toBeTruthy();
    // The list of another manuscript says nothing about this one: the checkbox adds.
    useManuscripts.setState({ detail: { manuscript: { id: 4 }, runs: [] } as never });
    await toggleShortlist({ authorId: 10 });
    expect(fake.calls.at(-1)).toEqual({ channel: 'shortlist.add', input: { manuscriptId: 4, authorIds: [10] } });
    stop();
  });
});
