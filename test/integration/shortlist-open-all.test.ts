// invitation.openAll and shortlist.setStatuses: many drafts opened in the mail app with one click, everyone whose
// message opened marked invited in one write; a refused person stops the whole request before anything opens; a
// mail client failing part-way marks only those opened; several moves go through together or not at all. No
// service: the profile points at a closed port and the run is recorded straight into the cache.
import { afterEach, describe, expect, it } from 'vitest';
import type { InvitationDraft, ShortlistEntryRow } from '../../electron/common/shapes';
import { offlineCore, offlineRun, type OfflineCore } from '../support/offline-core';

let core: OfflineCore | undefined;
afterEach(async () => {
  await core?.close();
  core = undefined;
});

interface OpenAll {
  opened: boolean;
  invited: ShortlistEntryRow[];
  notOpened: number[];
  drafts: InvitationDraft[];
}

/** A core whose host opens mail links through `openExternal` (none: the browser host), with authors 1, 2 and 4 shortlisted. */
async function shortlisted(openExternal?: (url: string) => Promise<void>) {
  core = await offlineCore('open-all', openExternal ? { openExternal } : { host: 'browser' });
  const { call } = core;
  const manuscriptId = await offlineRun(core, 'Ice');
  await call('shortlist.add', { manuscriptId, authorIds: [1, 2, 4] });
  const statuses = async () => (await call<ShortlistEntryRow[]>('shortlist.list', { manuscriptId })).map((e) => e.status);
  return { call, manuscriptId, statuses };
}

const people = (...ids: number[]) => ids.map((authorId) => ({ authorId }));

describe('invitation.openAll', () => {
  it('opens one message per person, in order, and marks everyone invited in one write', async () => {
    const opened: string[] = [];
    const { call, manuscriptId, statuses } = await shortlisted(async (url) => void opened.push(url));
    const r = await call<OpenAll>('invitation.openAll', { manuscriptId, people: people(1, 2, 4) });
    expect(r.opened).toBe(true);
    expect(opened).toEqual(r.drafts.map((d) => d.mailto));
    expect(opened.map((u) => u.slice(0, u.indexOf('?')))).toEqual([
      'mailto:a1@uni.example',
      'mailto:a2@uni.example',
      'mailto:a4@uni.example',
    ]);
    expect(r.invited.map((e) => [e.authorId, e.status])).toEqual([
      [1, 'invited'],
      [2, 'invited'],
      [4, 'invited'],
    ]);
    expect(r.notOpened).toEqual([]);
    expect(await statuses()).toEqual(['invited', 'invited', 'invited']);
  });

  it('a person who cannot be invited refuses the whole request: nothing opens, nobody is marked', async () => {
    const opened: string[] = [];
    const { call, manuscriptId, statuses } = await shortlisted(async (url) => void opened.push(url));
    await call('invitation.markInvited', { manuscriptId, authorId: 2 });
    await expect(call('invitation.openAll', { manuscriptId, people: people(1, 2, 4) })).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringMatching(/already “Invited”.*Nothing was opened\./),
    });
    expect(opened).toEqual([]);
    expect(await statuses()).toEqual(['shortlisted', 'invited', 'shortlisted']);
  });

  it('a mail client failing part-way: those opened are invited, the others stay as they were and are named', async () => {
    let calls = 0;
    const { call, manuscriptId, statuses } = await shortlisted(async () => {
      if (++calls === 2) throw new Error('too many windows');
    });
    const r = await call<OpenAll>('invitation.openAll', { manuscriptId, people: people(1, 2, 4) });
    expect(r.invited.map((e) => e.authorId)).toEqual([1]);
    expect(r.notOpened).toEqual([2, 4]);
    expect(await statuses()).toEqual(['invited', 'shortlisted', 'shortlisted']);
  });

  it('a mail client that opens nothing is a clear refusal, and nobody is marked', async () => {
    const { call, manuscriptId, statuses } = await shortlisted(async () => {
      throw new Error('no handler for mailto');
    });
    await expect(call('invitation.openAll', { manuscriptId, people: people(1, 2) })).rejects.toMatchObject({
      code: 'unsupported',
      message: expect.stringMatching(/Copy the invitation texts/),
    });
    expect(await statuses()).toEqual(['shortlisted', 'shortlisted', 'shortlisted']);
  });

  it('a host without a mail client (the browser) opens and marks nothing: the window uses the links', async () => {
    const { call, manuscriptId, statuses } = await shortlisted();
    const r = await call<OpenAll>('invitation.openAll', { manuscriptId, people: people(1, 4) });
    expect(r.opened).toBe(false);
    expect(r.drafts.map((d) => d.authorId)).toEqual([1, 4]);
    expect(await statuses()).toEqual(['shortlisted', 'shortlisted', 'shortlisted']);
  });

  it('more than ten at once is refused in words', async () => {
    const { call, manuscriptId } = await shortlisted(async () => undefined);
    await expect(
      call('invitation.openAll', { manuscriptId, people: people(...Array.from({ length: 11 }, (_, i) => i + 1)) }),
    ).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/at most 10 messages at once/),
    });
  });
});

describe('shortlist.setStatuses', () => {
  it('moves everyone together, and back (Undo for all)', async () => {
    const { call, manuscriptId, statuses } = await shortlisted();
    const invite = [1, 2, 4].map((authorId) => ({ authorId, status: 'invited' }));
    const rows = await call<ShortlistEntryRow[]>('shortlist.setStatuses', { manuscriptId, changes: invite });
    expect(rows.map((e) => e.status)).toEqual(['invited', 'invited', 'invited']);
    expect(rows.every((e) => e.invitedAt !== null)).toBe(true);
    await call('shortlist.setStatuses', { manuscriptId, changes: invite.map((c) => ({ ...c, status: 'shortlisted' })) });
    expect(await statuses()).toEqual(['shortlisted', 'shortlisted', 'shortlisted']);
  });

  it('one refused move changes nothing, and the refusal names the person', async () => {
    const { call, manuscriptId, statuses } = await shortlisted();
    await expect(
      call('shortlist.setStatuses', {
        manuscriptId,
        changes: [
          { authorId: 1, status: 'invited' },
          { authorId: 2, status: 'accepted' },
        ],
      }),
    ).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringMatching(/^Ada2 Lovelace2: .*cannot become “Accepted”.*Nothing was changed\.$/),
    });
    expect(await statuses()).toEqual(['shortlisted', 'shortlisted', 'shortlisted']);
  });

  it('the same person twice is refused before anything is written', async () => {
    const { call, manuscriptId } = await shortlisted();
    await expect(
      call('shortlist.setStatuses', {
        manuscriptId,
        changes: [
          { authorId: 1, status: 'invited' },
          { authorId: 1, status: 'shortlisted' },
        ],
      }),
    ).rejects.toMatchObject({ code: 'invalid_input' });
  });
});
