import { describe, expect, it } from 'vitest';
import { DeskError, type ErrorCode } from '../../electron/common/errors';
import type { ServiceApi } from '../../electron/core/api/types';
import { callService, isUnreachable } from '../../electron/core/workspace';

function watch() {
  const seen: Array<'success' | ErrorCode> = [];
  return { seen, connectivity: { reportSuccess: () => seen.push('success'), reportFailure: (c: ErrorCode) => seen.push(c) } };
}
const api = {} as ServiceApi;

describe('callService (Workspace.call)', () => {
  it('reports an answer as online and returns it', async () => {
    const w = watch();
    await expect(
      callService(
        api,
        w.connectivity,
        async () => 7,
        () => 1,
      ),
    ).resolves.toBe(7);
    expect(w.seen).toEqual(['success']);
  });

  it('reports an unreachable service and answers from the cache', async () => {
    for (const code of ['offline', 'timeout'] as const) {
      const w = watch();
      const fail = async (): Promise<number> => Promise.reject(new DeskError(code, 'x'));
      await expect(callService(api, w.connectivity, fail, () => 1)).resolves.toBe(1);
      expect(w.seen).toEqual([code]);
    }
  });

  it('rethrows when the cache has nothing, still reporting the failure', async () => {
    const w = watch();
    const fail = async (): Promise<number> => Promise.reject(new DeskError('offline', 'x'));
    await expect(callService(api, w.connectivity, fail, () => undefined)).rejects.toMatchObject({ code: 'offline' });
    await expect(callService(api, w.connectivity, fail)).rejects.toMatchObject({ code: 'offline' });
    expect(w.seen).toEqual(['offline', 'offline']);
  });

  it('passes other errors through without a fallback or a connectivity report', async () => {
    const w = watch();
    const fail = async (): Promise<number> => Promise.reject(new DeskError('not_found', 'x'));
    await expect(callService(api, w.connectivity, fail, () => 1)).rejects.toMatchObject({ code: 'not_found' });
    expect(w.seen).toEqual([]);
    expect(isUnreachable(new DeskError('server_error', 'x'))).toBe(false);
    expect(isUnreachable(new Error('offline'))).toBe(false);
  });
});
