// What the window asks core for, counted on the wire (test/support/wire-log.ts) in Chromium against the demo
// service: the change topics a finished upload produces (outbox, manuscripts, candidates, ledger, marks) are
// coalesced by the query cache into one refetch per answer on screen, so a finished upload costs at most 5
// requests; opening a manuscript asks for its detail and the first page of its candidates together.
// `npm run -s bench -- requests` reports the same figures (test/support/request-count.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOnlinePage, type OnlinePage } from '../../support/online-page';
import { requestsOfFinishedUpload, requestsOfOpening } from '../../support/request-count';
import { WIRE_LOG } from '../../support/wire-log';

let ctx: OnlinePage;

beforeAll(async () => {
  ctx = await openOnlinePage({ width: 1280, height: 720, initScript: WIRE_LOG });
});
afterAll(async () => {
  await ctx?.browser.close();
  await ctx?.app.close();
});

describe('requests on the wire', () => {
  it('a finished upload costs at most 5 requests, on the Manuscripts view', async () => {
    const asked = await requestsOfFinishedUpload(ctx.page, { name: 'lichens.pdf', folder: 'DEMO' });
    console.log(`requests after a finished upload (Manuscripts view): ${asked.length} — ${asked.join(', ')}`);
    expect(asked.length).toBeLessThanOrEqual(5);
    // The list is asked again (the new manuscript's run), once.
    expect(asked.filter((c) => c === 'manuscripts.list')).toHaveLength(1);
  });

  it('opening the manuscript asks for its detail and its candidates’ first page in one round trip', async () => {
    await ctx.page.getByRole('button', { name: 'Clear finished' }).click();
    const { firstTrip, all } = await requestsOfOpening(ctx.page);
    console.log(`opening a manuscript: first round trip ${firstTrip.join(', ')}; all ${all.join(', ')}`);
    expect(firstTrip).toEqual(expect.arrayContaining(['manuscripts.get', 'candidates.query']));
    // Each answer is asked once, however many views show it.
    expect(all.length).toBe(new Set(all).size);
  });

  it('a new run of the open manuscript finishing costs at most 5 requests', async () => {
    const asked = await requestsOfFinishedUpload(ctx.page, { name: 'lichens.pdf', folder: 'DEMO', again: true });
    console.log(`requests after a new run finished (the manuscript open): ${asked.length} — ${asked.join(', ')}`);
    expect(asked.length).toBeLessThanOrEqual(5);
    // The new run's rows are asked at most once (prefetched for the selected manuscript when its list row is in first).
    expect(asked.filter((c) => c === 'candidates.query').length).toBeLessThanOrEqual(1);
  });
});
