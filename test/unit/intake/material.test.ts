// Accuracy floor on the real manuscripts in ../shared/material and ../shared/material-more (when present): a
// regression below these figures fails. The floors sit a little under what intake reaches (see docs/intake.md).
// The shipped role model is fitted on generated lines only, so both folders are held out from its fit;
// material-more was also held out from the hand-set rules until issue 38, so its floors are the lower ones.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../../electron/core/intake/evaluate';

const shared = resolve(import.meta.dirname, '..', '..', '..', '..', 'shared');
const material = resolve(shared, 'material');
const more = resolve(shared, 'material-more');
const present = existsSync(resolve(material, 'MANIFEST.json'));
const morePresent = existsSync(resolve(more, 'MANIFEST.json'));
if (!present) console.log(`intake material test skipped: no ${material}/MANIFEST.json`);
if (!morePresent) console.log(`intake material-more test skipped: no ${more}/MANIFEST.json`);

type Floors = { title: number; authors: number; emails: number; orcids: number; contacts?: number; abstract: number };

async function holds(dir: string, floors: Floors): Promise<void> {
  const report = await evaluate(dir);
  for (const [field, floor] of Object.entries(floors))
    expect.soft(report.fields[field as keyof Floors].score, field).toBeGreaterThanOrEqual(floor);
  expect(report.files.filter((f) => f.result.error)).toEqual([]);
}

describe('intake accuracy on the real material', () => {
  // measured (issue 38): title 100, authors 99.8, e-mails 99.5, ORCIDs 97.7, abstract 100
  it.skipIf(!present)(
    '../shared/material stays above the recorded floors',
    () => holds(material, { title: 0.95, authors: 0.95, emails: 0.95, orcids: 0.95, abstract: 0.93 }),
    300_000,
  );

  // measured (issue 38): title 96.9, authors 98.6, e-mails 97.0, ORCIDs 99.2, e-mails + ORCIDs 98.2, abstract 96.4
  it.skipIf(!morePresent)(
    '../shared/material-more stays above the recorded floors',
    () => holds(more, { title: 0.93, authors: 0.96, emails: 0.94, orcids: 0.96, contacts: 0.96, abstract: 0.92 }),
    300_000,
  );
});
