import { describe, expect, it } from 'vitest';
import type { MarksEvent } from '../../../electron/core/cache';
import type { MarksOutcome } from '../../../electron/core/cache';
import { handleDelivery, type DeliveryDeps, type MarksChange } from '../../../electron/core/webhook';
import { MemoryLogger } from '../../support/fakes';
import { bytes, KEY, webhookBody } from './samples';

/** A cache stand-in that records applyMarks calls and answers with a scripted outcome. */
function fakes(
  opts: { outcome?: MarksOutcome | Error; profileId?: string | null; key?: string | null; highestOrder?: number | null } = {},
) {
  const applied: Array<{ profileId: string; event: MarksEvent }> = [];
  const changes: MarksChange[] = [];
  const corrupt: string[] = [];
  const logger = new MemoryLogger();
  const deps: DeliveryDeps = {
    cache: {
      marks: {
        applyMarks: (profileId: string, event: MarksEvent) => {
          applied.push({ profileId, event });
          if (opts.outcome instanceof Error) throw opts.outcome;
          return opts.outcome ?? 'applied';
        },
      },
      manuscripts: {
        getByServiceId: (_p: string, serviceId: number) => (serviceId === 10 ? { id: 501 } : undefined),
        get: (_p: string, originId: string) => (originId === 'o2' ? { id: 502 } : undefined),
      },
      markCorrupt: (reason: string) => corrupt.push(reason),
      webhookLog: { highestOrder: () => opts.highestOrder ?? null, pruneEvents: () => 0 },
    } as unknown as DeliveryDeps['cache'],
    activeProfileId: () => (opts.profileId === undefined ? 'prof-1' : opts.profileId),
    getApiKey: async (id) => (id === 'prof-1' ? (opts.key === undefined ? KEY : opts.key) : null),
    logger,
    onMarksChanged: (c) => changes.push(c),
  };
  return { deps, applied, changes, corrupt, logger };
}

describe('handleDelivery', () => {
  it('applies a valid event: replaces the marks through the cache without api_key and reports the change', async () => {
    const f = fakes();
    const reply = await handleDelivery(f.deps, bytes(webhookBody({ order: 7, marked: [1, 2], extra: { future: 'kept' } })), '127.0.0.1');
    expect(reply).toMatchObject({ status: 200, outcome: 'applied', serviceManuscriptId: 10, order: 7 });
    expect(f.applied).toHaveLength(1);
    const { profileId, event } = f.applied[0]!;
    expect(profileId).toBe('prof-1');
    expect(event).toMatchObject({ manuscriptId: 10, originId: 'o1', order: 7 });
    expect(event.candidates.map((c) => c.author_id)).toEqual([1, 2]);
    expect(event.payload).toMatchObject({ order: 7 });
    expect(JSON.stringify(event.payload)).not.toContain('future'); // unknown fields are dropped, not stored
    expect(JSON.stringify(event.payload)).not.toContain(KEY);
    expect(f.changes).toEqual([
      { profileId: 'prof-1', manuscriptLocalId: 501, serviceManuscriptId: 10, originId: 'o1', order: 7, outcome: 'applied' },
    ]);
    expect(f.logger.lines.find((l) => l.message === 'webhook delivery')?.fields).toMatchObject({
      outcome: 'applied',
      marked: 2,
      manuscriptLocalId: 501,
    });
    expect(f.logger.text()).not.toContain(KEY);
  });

  it('a key echoed inside a candidate (plain, percent-encoded, base64) never reaches what is stored', async () => {
    const f = fakes();
    const body = webhookBody({ order: 8, marked: [1] }) as { payload: { candidates: Array<Record<string, unknown>> } };
    const c = body.payload.candidates[0]!;
    c.name = `Ada ${KEY}`;
    c.affiliation = `Dept ${encodeURIComponent(KEY).replace(/./g, (ch) => `%${ch.charCodeAt(0).toString(16).padStart(2, '0')}`)}`;
    c.email = `${Buffer.from(KEY).toString('base64')}@x.example`;
    const reply = await handleDelivery(f.deps, bytes(body), '127.0.0.1');
    expect(reply).toMatchObject({ status: 200, outcome: 'applied' });
    const stored = JSON.stringify(f.applied[0]!.event);
    expect(stored).not.toContain(KEY);
    expect(stored).not.toContain(Buffer.from(KEY).toString('base64'));
    expect(stored).not.toMatch(/%[0-9a-f]{2}%[0-9a-f]{2}%[0-9a-f]{2}%[0-9a-f]{2}%[0-9a-f]{2}%[0-9a-f]{2}/i);
    expect(f.applied[0]!.event.candidates[0]!.name).toMatch(/^Ada /);
  });

  it('an empty marked set is applied too (the last unmark)', async () => {
    const f = fakes();
    expect(await handleDelivery(f.deps, bytes(webhookBody({ order: 8, marked: [] })), 'r')).toMatchObject({
      status: 200,
      outcome: 'applied',
    });
    expect(f.applied[0]!.event.candidates).toEqual([]);
  });

  it('finds the local manuscript by origin_id when the service id is not recorded', async () => {
    const f = fakes();
    await handleDelivery(f.deps, bytes(webhookBody({ order: 1, manuscriptId: 99, originId: 'o2', marked: [3] })), 'r');
    expect(f.changes[0]).toMatchObject({ manuscriptLocalId: 502, serviceManuscriptId: 99 });
  });

  it('a stale event is acknowledged, and no change is reported', async () => {
    const f = fakes({ outcome: 'stale' });
    expect(await handleDelivery(f.deps, bytes(webhookBody({ order: 3, marked: [1] })), 'r')).toMatchObject({
      status: 200,
      outcome: 'stale',
    });
    expect(f.changes).toEqual([]);
  });

  it('a parked event is acknowledged and reported without a local id', async () => {
    const f = fakes({ outcome: 'parked' });
    expect(
      await handleDelivery(f.deps, bytes(webhookBody({ order: 3, manuscriptId: 77, originId: 'new', marked: [1] })), 'r'),
    ).toMatchObject({
      status: 200,
      outcome: 'parked',
    });
    expect(f.changes).toEqual([{ profileId: 'prof-1', serviceManuscriptId: 77, originId: 'new', order: 3, outcome: 'parked' }]);
  });

  it('the connectivity check (test: true) answers 200 and changes nothing, but is logged', async () => {
    const f = fakes();
    expect(await handleDelivery(f.deps, bytes(webhookBody({ order: 1, marked: [1], test: true })), 'r')).toMatchObject({
      status: 200,
      outcome: 'test',
    });
    expect(f.applied).toEqual([]);
    expect(f.changes).toEqual([]);
    expect(f.logger.lines.map((l) => l.message)).toContain('webhook connectivity check received');
  });

  it('test: false is an ordinary event', async () => {
    const f = fakes();
    expect(await handleDelivery(f.deps, bytes(webhookBody({ order: 1, marked: [1], test: false })), 'r')).toMatchObject({
      outcome: 'applied',
    });
  });

  it.each([
    ['not JSON', '{"action":', /not valid JSON/],
    ['invalid UTF-8', new Uint8Array([0x7b, 0xff, 0x7d]), /not valid JSON/],
    ['a JSON array', '[]', /body: Invalid input/],
    ['missing payload', { ...webhookBody({ order: 1 }), payload: undefined }, /payload: /],
    ['order as a string', { ...webhookBody({ order: 1 }), order: '1' }, /order: /],
    ['fractional order', { ...webhookBody({ order: 1 }), order: 1.5 }, /order: /],
    [
      'candidate without author_id',
      webhookBody({ order: 1, extra: { payload: { version: 5, manuscript_id: 1, origin_id: null, candidates: [{ name: 'x' }] } } }),
      /payload\.candidates\.0\./,
    ],
    ['api_key missing', { ...webhookBody({ order: 1 }), api_key: undefined }, /api_key: /],
    ['another action', webhookBody({ order: 1, extra: { action: 'something_else' } }), /unsupported action/],
  ])('%s → 400 with a clear message, nothing changed', async (_name, body, message) => {
    const f = fakes();
    const raw = body instanceof Uint8Array ? body : bytes(body);
    const reply = await handleDelivery(f.deps, raw, 'r');
    expect(reply.status).toBe(400);
    expect(reply.outcome).toBe('rejected');
    expect(reply.message).toMatch(message);
    expect(f.applied).toEqual([]);
    expect(f.changes).toEqual([]);
  });

  it('caps the number of issues listed in a 400 message', async () => {
    const f = fakes();
    const candidates = Array.from({ length: 20 }, () => ({ name: 1 }));
    const body = webhookBody({ order: 1, extra: { payload: { version: 5, manuscript_id: 1, origin_id: null, candidates } } });
    const reply = await handleDelivery(f.deps, bytes(body), 'r');
    expect(reply.status).toBe(400);
    expect(reply.message).toMatch(/\(and \d+ more\)$/);
    expect(reply.message.split('; ')).toHaveLength(5);
  });

  it('a wrong api_key → 401, nothing changed, and neither key appears in the log or the answer', async () => {
    const f = fakes();
    const wrong = 'attacker-guess-0123456789';
    const reply = await handleDelivery(f.deps, bytes(webhookBody({ order: 1, marked: [1], apiKey: wrong })), 'r');
    expect(reply).toMatchObject({ status: 401, outcome: 'rejected' });
    expect(f.applied).toEqual([]);
    expect(JSON.stringify(reply)).not.toContain(KEY);
    expect(f.logger.text()).not.toContain(KEY);
    expect(f.logger.text()).not.toContain(wrong);
  });

  it('the connectivity check with a wrong api_key is refused too', async () => {
    const f = fakes();
    expect(await handleDelivery(f.deps, bytes(webhookBody({ order: 1, test: true, apiKey: 'nope' })), 'r')).toMatchObject({ status: 401 });
  });

  it.each([
    ['no active profile', { profileId: null }],
    ['no key stored', { key: null }],
    ['an empty key stored', { key: '' }],
  ])('%s → 503 with Retry-After, nothing changed', async (_name, opts) => {
    const f = fakes(opts);
    const reply = await handleDelivery(f.deps, bytes(webhookBody({ order: 1, marked: [1], apiKey: '' })), 'r');
    expect(reply).toMatchObject({ status: 503, retryAfter: 60 });
    expect(f.applied).toEqual([]);
  });

  it('a key that cannot be read (keychain error) → 503 with Retry-After, nothing changed', async () => {
    const f = fakes();
    f.deps.getApiKey = async () => {
      throw new Error('Secret Service not available');
    };
    const reply = await handleDelivery(f.deps, bytes(webhookBody({ order: 1, marked: [1] })), 'r');
    expect(reply).toMatchObject({ status: 503, retryAfter: 60, outcome: 'rejected' });
    expect(reply.message).not.toMatch(/Secret Service/);
    expect(f.applied).toEqual([]);
  });

  it('a cache failure → 500 (the service delivers again); corruption is reported to the cache', async () => {
    const busy = fakes({ outcome: Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }) });
    expect(await handleDelivery(busy.deps, bytes(webhookBody({ order: 1 })), 'r')).toMatchObject({ status: 500 });
    expect(busy.corrupt).toEqual([]);
    const corrupt = fakes({ outcome: Object.assign(new Error('database disk image is malformed'), { code: 'SQLITE_CORRUPT' }) });
    const reply = await handleDelivery(corrupt.deps, bytes(webhookBody({ order: 1 })), 'r');
    expect(reply).toMatchObject({ status: 500 });
    expect(reply.message).not.toMatch(/malformed/);
    expect(corrupt.corrupt).toHaveLength(1);
    expect(corrupt.changes).toEqual([]);
  });

  it('a throwing onMarksChanged listener does not turn an applied delivery into a failure', async () => {
    const f = fakes();
    f.deps.onMarksChanged = () => {
      throw new Error('renderer gone');
    };
    expect(await handleDelivery(f.deps, bytes(webhookBody({ order: 1, marked: [1] })), 'r')).toMatchObject({
      status: 200,
      outcome: 'applied',
    });
    expect(f.logger.lines.some((l) => l.message === 'webhook onMarksChanged listener failed')).toBe(true);
  });
});
