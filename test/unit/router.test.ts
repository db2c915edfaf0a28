import { describe, expect, it } from 'vitest';
import { DeskError } from '../../electron/common/errors';
import { Router, type Handlers } from '../../electron/core/router';
import { MemoryLogger } from '../support/fakes';

const info = {
  name: 'Referee Desk',
  version: '9.9.9',
  dataDir: '/d',
  host: 'browser' as const,
  platform: 'linux',
  connectivity: 'online' as const,
  notices: [],
};
const status = { connectivity: 'online' as const, pendingWrites: 0, failedWrites: 0, message: 'Online', at: 1 };

function router(overrides: Partial<Handlers> = {}) {
  const logger = new MemoryLogger();
  // Only the channels these tests call; the router itself never needs the others.
  const handlers = { 'app.info': () => info, 'app.status': () => status, ...overrides } as Handlers;
  return { router: new Router(handlers, logger), logger };
}

describe('Router', () => {
  it('returns the handler value in an ok envelope', async () => {
    expect(await router().router.handle('app.info', {}, { transport: 'test' })).toEqual({ ok: true, value: info });
  });

  it('rejects an unknown channel without calling anything', async () => {
    const env = await router().router.handle('app.delete_everything', {}, { transport: 'test' });
    expect(env).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
  });

  it('rejects a non-string channel', async () => {
    const env = await router().router.handle({ toString: () => 'app.info' }, {}, { transport: 'test' });
    expect(env).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
  });

  it('validates input against the channel schema (extra keys are refused)', async () => {
    let called = false;
    const { router: r } = router({ 'app.info': () => ((called = true), info) });
    const env = await r.handle('app.info', { sneaky: 1 }, { transport: 'test' });
    expect(env).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(called).toBe(false);
  });

  it('passes a DeskError through as its typed shape', async () => {
    const { router: r } = router({
      'app.info': () => {
        throw new DeskError('not_found', 'No such manuscript.', { field: 'origin_id' });
      },
    });
    expect(await r.handle('app.info', {}, { transport: 'test' })).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'No such manuscript.', field: 'origin_id' },
    });
  });

  it('turns an unexpected error into `internal` without a stack or the original message, and logs it', async () => {
    const { router: r, logger } = router({
      'app.info': () => {
        throw new Error('secret-ish detail at /home/x');
      },
    });
    const env = await r.handle('app.info', {}, { transport: 'test' });
    expect(env.ok).toBe(false);
    if (env.ok) return;
    expect(env.error.code).toBe('internal');
    expect(JSON.stringify(env)).not.toMatch(/secret-ish|at \/|stack/);
    expect(logger.text()).toMatch(/secret-ish detail/);
  });
});
