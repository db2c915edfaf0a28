// invitation.open hands the draft's mailto: URL to the host's openExternal port (Electron:
// shell.openExternal); a host that cannot open it gets a clear refusal. No service, no network:
// the profile points at a closed port and the run is recorded straight into the cache.
import { afterEach, describe, expect, it } from 'vitest';
import type { InvitationDraft, ShortlistEntryRow } from '../../electron/common/shapes';
import { offlineCore, offlineRun, type OfflineCore } from '../support/offline-core';

let core: OfflineCore | undefined;
afterEach(async () => {
  await core?.close();
  core = undefined;
});

/** A core whose host opens mail links through `openExternal`, with author 2 of "Eis & Schnee" shortlisted. */
async function coreWith(openExternal: (url: string) => Promise<void>) {
  core = await offlineCore('open', { openExternal });
  const manuscriptId = await offlineRun(core, 'Eis & Schnee');
  await core.call('shortlist.add', { manuscriptId, authorIds: [2] });
  return { call: core.call, manuscriptId };
}

describe('invitation.open', () => {
  it('opens the mailto: URL through the host and says so', async () => {
    const opened: string[] = [];
    const { call, manuscriptId } = await coreWith(async (url) => void opened.push(url));
    const r = await call<{ opened: boolean; draft: InvitationDraft }>('invitation.open', { manuscriptId, authorId: 2 });
    expect(r.opened).toBe(true);
    expect(opened).toEqual([r.draft.mailto]);
    expect(r.draft.mailto.startsWith('mailto:a2@uni.example?subject=Invitation%20to%20review%3A%20Eis%20%26%20Schnee&body=')).toBe(true);
    // Opening is not sending: the person stays shortlisted until the editor confirms.
    expect((await call<ShortlistEntryRow[]>('shortlist.list', { manuscriptId }))[0]!.status).toBe('shortlisted');
  });

  it('a mail client that cannot be opened is a clear refusal', async () => {
    const { call, manuscriptId } = await coreWith(async () => {
      throw new Error('no handler for mailto');
    });
    await expect(call('invitation.open', { manuscriptId, authorId: 2 })).rejects.toMatchObject({
      code: 'unsupported',
      message: expect.stringMatching(/Copy the invitation text/),
    });
  });
});
