// What the window asks core for, counted on the wire (test/support/wire-log.ts) in Chromium against the demo
// service: the change topics a finished upload produces (outbox, manuscripts, candidates, ledger, marks) are
// coalesced by the query cache into one refetch per answer on screen, so a finished upload costs at most 5
// requests; opening a manuscript asks for its detail and the first page of its candidates together.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KNOWN, makeManuscriptPdf } from '../../fixtures/intake/make';
import { dropFile, nav } from '../flows/workspace';
import { openOnlinePage, type OnlinePage } from '../../support/online-page';
import { clearWire, readWire, WIRE_LOG, type Wire } from '../../support/wire-log';

let ctx: OnlinePage;

beforeAll(async () => {
  ctx = await openOnlinePage({ width: 1280, height: 720, initScript: WIRE_LOG });
});
afterAll(async () => {
  await ctx?.browser.close();
  await ctx?.app.close();
});

/** Waits until the page has sent no request for `ms`. */
async function quiet(ms = 1500): Promise<Wire[]> {
  let last = -1;
  for (;;) {
    const wire = await readWire(ctx.page);
    const n = wire.filter((w) => w.kind === 'request').length;
    if (n === last) return wire;
    last = n;
    await new Promise((r) => setTimeout(r, ms));
  }
}

/** The requests sent after the first `data.changed` of `topic` (the moment core recorded the service's answer). */
function after(wire: Wire[], topic: string): string[] {
  if (process.env.WIRE_TRACE)
    console.log(
      wire
        .filter((w) => w.kind !== 'answer')
        .map((w) => `${w.t.toFixed(0)} ${w.kind} ${w.channel} ${JSON.stringify(w.kind === 'event' ? w.payload : w.input)}`)
        .join('\n'),
    );
  const finished = wire.find((w) => w.kind === 'event' && w.channel === 'data.changed' && w.payload?.topic === topic);
  expect(finished, `no data.changed ${topic} event on the wire`).toBeDefined();
  return wire.filter((w) => w.kind === 'request' && w.t >= finished!.t).map((w) => w.channel);
}

async function upload(name: string, folder: string, again = false): Promise<void> {
  const { page } = ctx;
  await dropFile(page, name, await makeManuscriptPdf(), 'application/pdf');
  const item = page.getByRole('article', { name: `Upload of ${name}` });
  if (again) await item.getByRole('button', { name: /^Upload again as run #\d+$/ }).click();
  await expect.poll(() => item.locator('input[id$="-title"]').inputValue(), { timeout: 20_000 }).toBe(KNOWN.title);
  if (!again) await item.locator('input[id$="-folder"]').fill(folder);
  await clearWire(page);
  await item.getByRole('button', { name: again ? 'Upload new run' : 'Upload', exact: true }).click();
  await expect.poll(() => page.getByRole('list', { name: 'Manuscripts' }).textContent(), { timeout: 30_000 }).toMatch(/Sent/);
}

describe('requests on the wire', () => {
  it('a finished upload costs at most 5 requests, on the Manuscripts view', async () => {
    await upload('lichens.pdf', 'DEMO');
    const asked = after(await quiet(), 'candidates');
    console.log(`requests after a finished upload (Manuscripts view): ${asked.length} — ${asked.join(', ')}`);
    expect(asked.length).toBeLessThanOrEqual(5);
  });

  it('opening the manuscript asks for its detail and its candidates’ first page in one round trip', async () => {
    const { page } = ctx;
    await page.getByRole('button', { name: 'Clear finished' }).click();
    await clearWire(page);
    await page.getByRole('list', { name: 'Manuscripts' }).getByRole('button').first().click();
    await nav(page, 'Candidates');
    await expect
      .poll(async () => Number((await page.getByTestId('candidates-count').textContent())?.replace(/\D/g, '')), { timeout: 20_000 })
      .toBeGreaterThan(0);
    const wire = await quiet();
    const requests = wire.filter((w) => w.kind === 'request');
    const firstAnswer = wire.find((w) => w.kind === 'answer')!;
    const firstTrip = requests.filter((w) => w.t < firstAnswer.t).map((w) => w.channel);
    console.log(`opening a manuscript: first round trip ${firstTrip.join(', ')}; all ${requests.map((w) => w.channel).join(', ')}`);
    expect(firstTrip).toEqual(expect.arrayContaining(['manuscripts.get', 'candidates.query']));
  });

  it('a new run of the open manuscript finishing costs at most 5 requests', async () => {
    await upload('lichens.pdf', 'DEMO', true);
    const asked = after(await quiet(), 'candidates');
    console.log(`requests after a new run finished (the manuscript open): ${asked.length} — ${asked.join(', ')}`);
    expect(asked.length).toBeLessThanOrEqual(5);
  });
});
