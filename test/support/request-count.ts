// The requests the window makes for the editor's two most frequent moments, counted on the wire (wire-log.ts):
// an upload finishing, and opening a manuscript. Used by test/e2e/web/requests.test.ts (which asserts the
// targets) and bench/requests.bench.ts (which reports the figures). The page must have WIRE_LOG installed and
// the app a demo service.
import type { Page } from 'playwright-core';
import { KNOWN, makeManuscriptPdf } from '../fixtures/intake/make';
import { dropFile } from './drop';
import { clearWire, readWire, type Wire } from './wire-log';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** Waits until the page has sent no request for `ms`, and returns what the wire holds. */
export async function quietWire(page: Page, ms = 1500): Promise<Wire[]> {
  let last = -1;
  for (;;) {
    const wire = await readWire(page);
    const n = wire.filter((w) => w.kind === 'request').length;
    if (n === last) return wire;
    last = n;
    await sleep(ms);
  }
}

/** Every request and event in order, for reading what happened (`WIRE_TRACE=1`). */
export const traceText = (wire: Wire[]): string =>
  wire
    .filter((w) => w.kind !== 'answer')
    .map((w) => `${w.t.toFixed(0)} ${w.kind} ${w.channel} ${JSON.stringify(w.kind === 'event' ? w.payload : w.input)}`)
    .join('\n');

/** The channels requested after the first `data.changed` of `topic`; null when no such event came. */
export function requestsAfter(wire: Wire[], topic: string): string[] | null {
  const from = wire.find((w) => w.kind === 'event' && w.channel === 'data.changed' && w.payload?.topic === topic);
  return from ? wire.filter((w) => w.kind === 'request' && w.t >= from.t).map((w) => w.channel) : null;
}

/**
 * Drops the demo manuscript, uploads it (`again`: as a new run of the one uploaded before) and returns the
 * requests the window made once core recorded the service's answer (the first 'candidates' change), until quiet.
 */
export async function requestsOfFinishedUpload(page: Page, opts: { name: string; folder: string; again?: boolean }): Promise<string[]> {
  await dropFile(page, opts.name, await makeManuscriptPdf(), 'application/pdf');
  const item = page.getByRole('article', { name: `Upload of ${opts.name}` });
  if (opts.again) await item.getByRole('button', { name: /^Upload again as run #\d+$/ }).click();
  const title = item.locator('input[id$="-title"]');
  await until('the title read from the file', async () => (await title.inputValue().catch(() => '')) === KNOWN.title);
  if (!opts.again) await item.locator('input[id$="-folder"]').fill(opts.folder);
  await clearWire(page);
  await item.getByRole('button', { name: opts.again ? 'Upload new run' : 'Upload', exact: true }).click();
  const list = page.getByRole('list', { name: 'Manuscripts' });
  await until('the upload sent', async () => /Sent/.test((await list.textContent()) ?? ''));
  const wire = await quietWire(page);
  if (process.env.WIRE_TRACE) console.log(traceText(wire));
  const asked = requestsAfter(wire, 'candidates');
  if (asked === null) throw new Error('no data.changed candidates event on the wire after the upload');
  return asked;
}

/**
 * Opens the first manuscript of the list on its candidates; returns the channels of the first round trip (asked
 * before the first answer came back) and every request until quiet.
 */
export async function requestsOfOpening(page: Page): Promise<{ firstTrip: string[]; all: string[] }> {
  await clearWire(page);
  await page.getByRole('list', { name: 'Manuscripts' }).getByRole('button').first().click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Candidates' }).click();
  const count = page.getByTestId('candidates-count');
  await until('candidates shown', async () => Number(((await count.textContent().catch(() => '')) ?? '').replace(/\D/g, '')) > 0);
  const wire = await quietWire(page);
  const requests = wire.filter((w) => w.kind === 'request');
  const firstAnswer = wire.find((w) => w.kind === 'answer');
  return {
    firstTrip: requests.filter((w) => firstAnswer === undefined || w.t < firstAnswer.t).map((w) => w.channel),
    all: requests.map((w) => w.channel),
  };
}
