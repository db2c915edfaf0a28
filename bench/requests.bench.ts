// The requests the window makes (issue 35 item 1): counted on the page's WebSocket in Chromium against the
// built page, the browser host and the demo service — after an upload finishes (a new manuscript; a new run
// of the one open) and when a manuscript is opened (its first round trip). test/e2e/web/requests.test.ts
// asserts the same targets; the scenario is test/support/request-count.ts.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../test/support/browser';
import { openOnlinePage } from '../test/support/online-page';
import { requestsOfFinishedUpload, requestsOfOpening } from '../test/support/request-count';
import { WIRE_LOG } from '../test/support/wire-log';
import type { Bench } from './types';

const SUITE = 'requests';

const bench: Bench = async () => {
  if (!existsSync(join(repoRoot, 'out', 'renderer', 'index.html'))) throw new Error('build first: npm run build');
  const { app, browser, page } = await openOnlinePage({ width: 1280, height: 720, initScript: WIRE_LOG });
  try {
    const upload = await requestsOfFinishedUpload(page, { name: 'lichens.pdf', folder: 'BENCH' });
    await page.getByRole('button', { name: 'Clear finished' }).click();
    const opening = await requestsOfOpening(page);
    const again = await requestsOfFinishedUpload(page, { name: 'lichens.pdf', folder: 'BENCH', again: true });
    return [
      {
        suite: SUITE,
        metric: 'requests after an upload finished (a new manuscript, Manuscripts view)',
        value: upload.length,
        unit: 'requests',
        target: '≤ 5',
        ok: upload.length <= 5,
        note: upload.join(', '),
      },
      {
        suite: SUITE,
        metric: 'requests after a new run of the open manuscript finished',
        value: again.length,
        unit: 'requests',
        target: '≤ 5',
        ok: again.length <= 5,
        note: again.join(', '),
      },
      {
        suite: SUITE,
        metric: 'round trips before opening a manuscript paints its candidates',
        value: opening.firstTrip.includes('candidates.query') ? 1 : 2,
        unit: 'round trips',
        target: '1–2',
        ok: opening.firstTrip.includes('manuscripts.get'),
        note: `first round trip: ${opening.firstTrip.join(' ∥ ')}; then ${opening.all.filter((c, i) => i >= opening.firstTrip.length).join(', ')}`,
      },
    ];
  } finally {
    await browser.close();
    await app.close();
  }
};

export default bench;
