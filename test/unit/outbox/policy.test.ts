import { describe, expect, it } from 'vitest';
import { DeskError } from '../../../electron/common/errors';
import { OutcomeUnknownError } from '../../../electron/core/api/errors';
import { backoffDelay } from '../../../electron/core/api/retry';
import { classifyFailure, DEFAULT_BACKOFF } from '../../../electron/core/outbox';
import { Emitter } from '../../../electron/core/events';

describe('backoffDelay', () => {
  it('doubles per failed attempt up to the cap, with jitter between half and all of it', () => {
    const p = { baseMs: 1000, maxMs: 10_000 };
    expect([1, 2, 3, 4, 5, 9].map((n) => backoffDelay(n, p, () => 1))).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect(backoffDelay(3, p, () => 0)).toBe(2000);
    expect(backoffDelay(1, DEFAULT_BACKOFF, () => 0.5)).toBe(1500);
  });
});

describe('classifyFailure', () => {
  it('retries transient failures, keeping Retry-After', () => {
    expect(classifyFailure(new DeskError('server_error', 'x'))).toEqual({ action: 'retry', code: 'server_error', message: 'x' });
    expect(classifyFailure(new DeskError('rate_limited', 'x', { retryAfterMs: 3000 }))).toMatchObject({
      action: 'retry',
      retryAfterMs: 3000,
    });
    expect(classifyFailure(new DeskError('offline', 'x')).action).toBe('retry');
  });

  it('parks refusals (400/403/404) as rejected and a lost group creation as outcome_unknown', () => {
    for (const code of ['invalid_request', 'feature_not_in_plan', 'not_found'] as const) {
      expect(classifyFailure(new DeskError(code, 'x'))).toMatchObject({ action: 'park', reason: 'rejected' });
    }
    expect(classifyFailure(new OutcomeUnknownError('timeout', 'lost', false))).toMatchObject({
      action: 'park',
      reason: 'outcome_unknown',
      code: 'timeout',
    });
  });

  it('holds on key problems and cancellation; parks unexpected exceptions as failed', () => {
    expect(classifyFailure(new DeskError('unauthorized', 'x')).action).toBe('hold');
    expect(classifyFailure(new DeskError('cancelled', 'x')).action).toBe('hold');
    expect(classifyFailure(new TypeError('boom'))).toMatchObject({ action: 'park', reason: 'failed', code: 'internal' });
  });
});

describe('Emitter', () => {
  it('delivers to listeners until they unsubscribe; once() waits for a matching payload', async () => {
    const e = new Emitter<{ n: number }>();
    const seen: number[] = [];
    const off = e.on('n', (v) => seen.push(v));
    const big = e.once('n', (v) => v > 1);
    e.emit('n', 1);
    e.emit('n', 2);
    off();
    e.emit('n', 3);
    expect(seen).toEqual([1, 2]);
    expect(await big).toBe(2);
  });
});

describe('serviceProbe', () => {
  it('counts any answer as reachable and only unreachable-service errors as offline', async () => {
    const { serviceProbe } = await import('../../../electron/core/sync');
    const probe = (err: unknown) => serviceProbe({ listCustomFields: async () => Promise.reject(err) });
    expect(
      await serviceProbe({
        listCustomFields: async () => ({
          value: { author_from_group: [], folder: [], proposal: [] },
          raw: {},
          rawText: '{}',
          status: 200,
          attempts: 1,
        }),
      })(),
    ).toBe(true);
    expect(await probe(new DeskError('unauthorized', 'x'))()).toBe(true);
    expect(await probe(new DeskError('offline', 'x'))()).toBe(false);
    expect(await probe(new DeskError('timeout', 'x'))()).toBe(false);
    expect(await probe(new Error('boom'))()).toBe(false);
  });
});
