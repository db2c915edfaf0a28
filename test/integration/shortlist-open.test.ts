// invitation.open hands the draft's mailto: URL to the host's openExternal port (Electron:
// shell.openExternal); a host that cannot open it gets a clear refusal. No service, no network:
// the profile points at a closed port and the run is recorded straight into the cache.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { InvitationDraft, ProfilesState, ShortlistEntryRow } from '../../electron/common/shapes';
import { createCore, type Core } from '../../electron/core/composition';
import { form, response } from './cache/fixtures';
import { MemoryLogger, MemorySecrets } from '../support/fakes';

let core: Core | undefined;
let dataDir = '';
afterEach(async () => {
  await core?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function coreWith(openExternal: (url: string) => Promise<void>) {
  dataDir = mkdtempSync(join(tmpdir(), 'desk-open-'));
  core = await createCore({
    appVersion: 'test',
    dataDir,
    host: 'electron',
    secrets: new MemorySecrets(),
    logger: new MemoryLogger(),
    openExternal,
  });
  const c = core;
  const call = async <T>(channel: string, input: unknown): Promise<T> => {
    const env = await c.router.handle(channel, input, { transport: 'test' });
    if (!env.ok) throw Object.assign(new Error(env.error.message), { code: env.error.code });
    return env.value as T;
  };
  const state = await call<ProfilesState>('profiles.save', { name: 'Journal', baseUrl: 'http://127.0.0.1:9' });
  await call('profiles.activate', { id: state.profiles[0]!.id });
  const run = c.cache.runs.recordUploadRun(
    state.profiles[0]!.id,
    { form: form('o1', { title: 'Eis & Schnee' }) },
    response(77, 'o1', [1, 2, 4]),
  );
  await call('shortlist.add', { manuscriptId: run.manuscriptId, authorIds: [2] });
  return { call, manuscriptId: run.manuscriptId };
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
