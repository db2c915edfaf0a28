// Issue 17: what a delivery may carry — nesting depth checked before parsing, unknown fields dropped,
// an order far ahead of the last refused.
import { describe, expect, it } from 'vitest';
import type { MarksEvent } from '../../../electron/core/cache';
import { handleDelivery, knownFields, nestingExceeds, type DeliveryDeps } from '../../../electron/core/webhook/delivery';
import { webhookBodySchema } from '../../../electron/common/service';
import { MemoryLogger } from '../../support/fakes';
import { bytes, KEY, webhookBody } from './samples';

function deps(highestOrder: number | null = null) {
  const applied: MarksEvent[] = [];
  const d: DeliveryDeps = {
    cache: {
      marks: { applyMarks: (_p: string, e: MarksEvent) => (applied.push(e), 'applied') },
      manuscripts: { getByServiceId: () => ({ id: 1 }), get: () => undefined },
      markCorrupt: () => undefined,
      webhookLog: { highestOrder: () => highestOrder, pruneEvents: () => 0 },
    } as unknown as DeliveryDeps['cache'],
    activeProfileId: () => 'prof-1',
    getApiKey: async () => KEY,
    logger: new MemoryLogger(),
  };
  return { d, applied };
}

const deep = (n: number): string => `{"action":"mark_as_proposal_referee","x":${'['.repeat(n)}${']'.repeat(n)}}`;

describe('nestingExceeds', () => {
  it('counts brackets outside strings only, escapes included', () => {
    expect(nestingExceeds(bytes('{"a":[[1]]}'), 3)).toBe(false);
    expect(nestingExceeds(bytes('{"a":[[[1]]]}'), 3)).toBe(true);
    expect(nestingExceeds(bytes('{"a":"[[[[[[\\"[[[["}'), 2)).toBe(false);
    expect(nestingExceeds(bytes(deep(100_000)), 32)).toBe(true);
  });
});

describe('handleDelivery limits', () => {
  it('a 100,000-deep nested unknown field answers 400, every time, and nothing is applied', async () => {
    const { d, applied } = deps();
    const body = JSON.stringify(webhookBody({ order: 5, marked: [1] })).replace(
      /}$/,
      `,"junk":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
    );
    for (let i = 0; i < 2; i++) {
      const reply = await handleDelivery(d, bytes(body), 'r');
      expect(reply).toMatchObject({ status: 400, outcome: 'rejected' });
      expect(reply.message).toContain('nested deeper than 32');
    }
    expect(applied).toHaveLength(0);
  });

  it('unknown fields at every level are dropped from what is stored and from each candidate', async () => {
    const { d, applied } = deps();
    const body = webhookBody({ order: 5, marked: [1], extra: { top_unknown: { a: 1 } } });
    (body.payload as Record<string, unknown>).payload_unknown = 'x';
    (body.payload as { candidates: Array<Record<string, unknown>> }).candidates[0]!.cand_unknown = [1, 2, 3];
    expect(await handleDelivery(d, bytes(body), 'r')).toMatchObject({ status: 200, outcome: 'applied' });
    const stored = JSON.stringify(applied[0]!.payload) + JSON.stringify(applied[0]!.candidates);
    for (const k of ['top_unknown', 'payload_unknown', 'cand_unknown', KEY]) expect(stored).not.toContain(k);
    expect(applied[0]!.candidates[0]).toMatchObject({ author_id: 1, marked: true });
    // What is kept still matches §6 (minus api_key).
    expect(webhookBodySchema.safeParse({ ...knownFields(webhookBodySchema.parse(body)), api_key: KEY }).success).toBe(true);
  });

  it('an order more than 1,000,000 ahead of the highest seen is refused; one within the bound is applied', async () => {
    const far = deps(1_000);
    const r1 = await handleDelivery(far.d, bytes(webhookBody({ order: 9e15, marked: [1] })), 'r');
    expect(r1).toMatchObject({ status: 400, outcome: 'rejected' });
    expect(r1.message).toContain('ahead of the last order received (1000)');
    expect(far.applied).toHaveLength(0);
    expect(await handleDelivery(far.d, bytes(webhookBody({ order: 1_001_000, marked: [1] })), 'r')).toMatchObject({ status: 200 });
  });

  it("a profile's first event is bounded from 0: order 2^53-1 is refused, then a real first order applies", async () => {
    const first = deps(null);
    const r1 = await handleDelivery(
      first.d,
      bytes(webhookBody({ order: Number.MAX_SAFE_INTEGER, marked: [1], extra: { timestamp: 1_736_931_600 } })),
      'r',
    );
    expect(r1).toMatchObject({ status: 400, outcome: 'rejected' });
    expect(r1.message).toContain('more than 1000000 ahead of no order received yet');
    const r2 = await handleDelivery(first.d, bytes(webhookBody({ order: 1_000_001, marked: [1] })), 'r');
    expect(r2).toMatchObject({ status: 400, outcome: 'rejected' });
    expect(first.applied).toHaveLength(0);
    expect(await handleDelivery(first.d, bytes(webhookBody({ order: 1_000_000, marked: [2] })), 'r')).toMatchObject({ status: 200 });
    expect(first.applied.map((e) => e.order)).toEqual([1_000_000]);
  });
});
