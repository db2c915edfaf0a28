// Settings → Automatic updates and "Restart to update" as core answers them: the choice in settings.json
// (other keys kept), the browser host refused in plain words, the restart refused while something is sent.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeskError } from '../../../electron/common/errors';
import type { CoreContext } from '../../../electron/core/handlers/context';
import { updateHandlers } from '../../../electron/core/handlers/updates';
import { updatesEnabled } from '../../../electron/core/update-settings';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rd-updates-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Only what the handlers read: the cache's outbox rows being sent, by kind. */
function ctx(sending: Array<{ kind: string; n: number }>, extra: Partial<CoreContext> = {}, desktop = true) {
  const cache = { db: { prepare: () => ({ all: () => sending }) } };
  return { cache, ...extra, dataDir: dir, desktop } as unknown as CoreContext & { dataDir: string; desktop: boolean };
}

const call = { transport: 'test' } as const;

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof DeskError ? { code: e.code, message: e.message } : e;
  }
  throw new Error('not refused');
};

describe('updates channels', () => {
  it('reads on by default and writes the choice into settings.json, keeping other keys', async () => {
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ other: 1 }));
    const h = updateHandlers(ctx([]));
    expect(await h['updates.getSettings']({}, call)).toEqual({ available: true, enabled: true, note: null });
    expect(await h['updates.setSettings']({ enabled: false }, call)).toEqual({ available: true, enabled: false, note: null });
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'))).toEqual({ other: 1, updates: false });
    expect(updatesEnabled(dir)).toBe(false);
    await h['updates.setSettings']({ enabled: true }, call);
    expect(updatesEnabled(dir)).toBe(true);
  });

  it('reads a damaged settings file as on, and replaces it on the next write', async () => {
    writeFileSync(join(dir, 'settings.json'), '{not json');
    expect(updatesEnabled(dir)).toBe(true);
    await updateHandlers(ctx([]))['updates.setSettings']({ enabled: false }, call);
    expect(updatesEnabled(dir)).toBe(false);
  });

  it('in the browser host says the desktop app handles updates and writes nothing', async () => {
    const h = updateHandlers(ctx([], {}, false));
    expect(await h['updates.getSettings']({}, call)).toEqual({
      available: false,
      enabled: false,
      note: 'Updates are handled by the desktop app.',
    });
    expect(refusal(() => h['updates.setSettings']({ enabled: false }, call))).toEqual({
      code: 'unsupported',
      message: 'Updates are handled by the desktop app.',
    });
    expect(refusal(() => h['updates.restart']({}, call))).toMatchObject({ code: 'unsupported' });
    expect(updatesEnabled(dir)).toBe(true);
  });

  it('restarts through the injected updater only when nothing is being sent', () => {
    const restartToUpdate = vi.fn();
    expect(refusal(() => updateHandlers(ctx([{ kind: 'upload', n: 1 }], { restartToUpdate }))['updates.restart']({}, call))).toEqual({
      code: 'conflict',
      message: 'Waiting for an upload to finish before restarting.',
    });
    expect(refusal(() => updateHandlers(ctx([{ kind: 'author_put', n: 2 }], { restartToUpdate }))['updates.restart']({}, call))).toEqual({
      code: 'conflict',
      message: 'Waiting for queued changes to be sent before restarting.',
    });
    expect(restartToUpdate).not.toHaveBeenCalled();
    expect(updateHandlers(ctx([], { restartToUpdate }))['updates.restart']({}, call)).toEqual({ ok: true });
    expect(restartToUpdate).toHaveBeenCalledTimes(1);
  });
});
