// Files cross IPC as paths in Electron: the pure part of the preload (electron/common/stage-file.ts).
import { describe, expect, it } from 'vitest';
import type { RawInvoke } from '../../electron/common/bridge';
import { createBridge } from '../../electron/common/bridge';
import type { Envelope } from '../../electron/common/contract';
import { stageFileBy, withoutPathChannel } from '../../electron/common/stage-file';

function recorder() {
  const calls: Array<{ channel: string; input: unknown }> = [];
  const invoke: RawInvoke = async (channel, input) => {
    calls.push({ channel, input });
    return { ok: true, value: { channel } } as Envelope<unknown>;
  };
  return { calls, invoke };
}

describe('stageFile (preload)', () => {
  it('sends the path of a File backed by a file on disk, never its bytes', async () => {
    const { calls, invoke } = recorder();
    const stage = stageFileBy(() => '/home/editor/Downloads/ms.pdf', invoke);
    const env = await stage({});
    expect(env).toEqual({ ok: true, value: { channel: 'files.stagePath' } });
    expect(calls).toEqual([{ channel: 'files.stagePath', input: { path: '/home/editor/Downloads/ms.pdf' } }]);
  });

  it('gives null (the page sends the bytes) for a File built in script, or for what is not a File', () => {
    const { calls, invoke } = recorder();
    expect(stageFileBy(() => '', invoke)({})).toBeNull();
    const notAFile = stageFileBy(() => {
      throw new TypeError('not a File');
    }, invoke);
    expect(notAFile({})).toBeNull();
    expect(calls).toEqual([]);
  });
});

describe('the page cannot name a path', () => {
  it('refuses files.stagePath through the generic invoke, and passes every other channel', async () => {
    const { calls, invoke } = recorder();
    const bridge = createBridge('electron', withoutPathChannel(invoke), () => () => undefined, {
      stageFile: stageFileBy(() => '/a.pdf', invoke),
    });
    const refused = await bridge.request['files.stagePath']({ path: '/etc/passwd' });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error.code).toBe('forbidden_sender');
    await bridge.request['app.info']({});
    await bridge.stageFile!({});
    expect(calls.map((c) => c.channel)).toEqual(['app.info', 'files.stagePath']);
  });
});
