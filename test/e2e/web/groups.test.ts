// Authors groups in Chromium against the local service: create a group, then an author with every
// custom-field kind, replace (fields left out become empty), partial edit (only what changed, never
// for a client id alone), delete, bulk CSV imports (with custom-field columns and bad rows), and
// fetching any client id of a group added by id — each checked on the service itself, with screenshots.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxe } from '../../support/axe';
import { launchChromium, screenshotPath } from '../../support/browser';
import { startWebApp, type WebApp } from '../../support/web-app';
import { choose, chosen } from '../../support/controls';
import { openSettingsPane } from '../../support/settings-pane';

let app: WebApp;
let browser: Browser;
let page: Page;
let serviceGroupId: number;

const F = (n: number) => `5a1d0000-0000-4000-8000-${String(n).padStart(12, '0')}`;

async function serviceAuthor(clientId: string, groupId = serviceGroupId): Promise<{ status: number; body: Record<string, unknown> }> {
  const s = app.service!;
  const res = await fetch(`${s.baseUrl}/api/external/author-from-group/${groupId}/${clientId}/`, { headers: { 'X-ApiKey': s.apiKey } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Another client of the service writes directly (this app learns nothing of it). */
async function servicePost(path: string, body: unknown): Promise<Record<string, unknown>> {
  const s = app.service!;
  const res = await fetch(`${s.baseUrl}/api/external/${path}`, {
    method: 'POST',
    headers: { 'X-ApiKey': s.apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

const editor = () => page.getByRole('form', { name: 'Author' });

/** The groups' forms label every field with visible text (not only a placeholder): the label is on screen, inside
 *  the window, beside or above its field, and names it (getByLabel finds the field through it). */
async function visiblyLabelled(what: string): Promise<void> {
  const vp = page.viewportSize()!;
  for (const [formName, fields] of [
    ['Create an authors group', ['Group name', 'Owner team', 'Editor teams', 'Viewer teams']],
    ['Add an existing group', ['Group name', 'Group number']],
  ] as const) {
    const form = page.getByRole('form', { name: formName });
    for (const name of fields) {
      // The label's text, with the required mark (aria-hidden: not in the field's accessible name) when it has one.
      const field = form.getByLabel(new RegExp(`^${name}( \\*)?$`));
      expect(await field.count(), `${what}: ${formName} › ${name}`).toBe(1);
      const id = await field.getAttribute('id');
      // Its accessible name is the label's words alone.
      expect(await form.getByRole('textbox', { name, exact: true }).getAttribute('id'), `${what}: ${name} accessible name`).toBe(id);
      const label = form.locator(`label[for="${id}"]`);
      expect((await label.innerText()).replace(/\s*\*$/, ''), `${what}: ${name}`).toBe(name);
      const [l, f] = [(await label.boundingBox())!, (await field.boundingBox())!];
      expect(l.width * l.height, `${what}: ${name} label shown`).toBeGreaterThan(0);
      expect(l.x + l.width, `${what}: ${name} label in the window`).toBeLessThanOrEqual(vp.width);
      // Beside the field (its row) or just above it.
      const beside = l.x + l.width <= f.x && Math.abs(l.y + l.height / 2 - (f.y + f.height / 2)) < f.height / 2;
      const above = l.y + l.height <= f.y && f.y - (l.y + l.height) < 12;
      expect(beside || above, `${what}: ${name} label beside or above its field`).toBe(true);
    }
    expect(await form.locator('input[required]').count(), `${what}: ${formName} required fields marked`).toBe(
      await form.locator('label .required').count(),
    );
  }
}
const synced = async () => {
  await app.core.workspace()!.sync.syncNow();
  await expect.poll(() => app.core.workspace()!.outbox.counts().pending).toBe(0);
};

beforeAll(async () => {
  app = await startWebApp({ service: true });
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
  await page.goto(app.host.url);
  await page.getByTestId('status-message').getByText('Online').waitFor({ timeout: 20_000 });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Groups' }).click();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('authors groups', () => {
  it('creates a group that gets its id from the service', async () => {
    const form = page.getByRole('form', { name: 'Create an authors group' });
    await form.getByLabel('Group name').fill('Statistics reviewers');
    await form.getByLabel('Owner team').fill('Editorial Office');
    await form.getByLabel('Editor teams').fill('Section Editors');
    await form.getByRole('button', { name: 'Create group' }).click();
    await synced();
    const row = page.getByRole('list', { name: 'Authors groups' }).getByRole('button', { name: /Statistics reviewers/ });
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toMatch(/number \d+ · synced/);
    serviceGroupId = Number((await row.textContent())!.match(/number (\d+)/)![1]);
    await row.click();
  });

  it('creates an author with every custom-field kind, then replaces, edits partially and deletes it', async () => {
    const e = editor();
    await e.getByLabel('Author id (optional)', { exact: true }).fill('rev-1');
    await e.getByLabel('Name', { exact: true }).fill('Grace Hopper');
    await e.getByLabel('Emails', { exact: true }).fill('grace@example.org; hopper@example.org');
    await e.getByLabel('Affiliations', { exact: true }).fill('Yale University, New Haven, USA');
    await e.getByLabel(/^Reviews completed/).fill('7');
    await e.getByLabel(/^Notes/).fill('Prefers short deadlines');
    await e.getByLabel(/^Last invited/).fill('2026-03-01');
    await choose(e.getByLabel(/^Availability/), 'Busy');
    const expertise = e.getByRole('group', { name: /^Expertise/ });
    await expertise.getByLabel('Methods').check();
    await expertise.getByLabel('Statistics').check();
    await page.screenshot({ path: screenshotPath('groups-1-author-editor') });
    await e.getByRole('button', { name: 'Create', exact: true }).click();
    await synced();
    let got = await serviceAuthor('rev-1');
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      name: 'Grace Hopper',
      emails: ['grace@example.org', 'hopper@example.org'],
      affiliations: ['Yale University, New Haven, USA'],
      [F(1)]: 7,
      [F(2)]: 'Prefers short deadlines',
      [F(3)]: '2026-03-01',
      [F(4)]: F(42),
      [F(5)]: [F(51), F(52)],
    });

    // Replace: everything left empty becomes empty on the service.
    await page
      .getByRole('list', { name: 'Authors in this group' })
      .getByRole('button', { name: /Grace Hopper/ })
      .click();
    await e.getByLabel('Emails', { exact: true }).fill('');
    await e.getByLabel(/^Notes/).fill('');
    await e.getByRole('button', { name: 'Replace' }).click();
    await synced();
    got = await serviceAuthor('rev-1');
    expect(got.body.emails).toBeNull();
    expect(got.body[F(2)] ?? null).toBeNull();
    expect(got.body[F(1)]).toBe(7);

    // Partial: only the changed field is sent; the rest stays as it is on the service.
    await page
      .getByRole('list', { name: 'Authors in this group' })
      .getByRole('button', { name: /Grace Hopper/ })
      .click();
    await e.getByLabel('Affiliations', { exact: true }).fill('Harvard University, Cambridge, USA');
    await e.getByRole('button', { name: 'Save changes' }).click();
    await synced();
    got = await serviceAuthor('rev-1');
    expect(got.body).toMatchObject({
      name: 'Grace Hopper',
      affiliations: ['Harvard University, Cambridge, USA'],
      [F(1)]: 7,
      [F(4)]: F(42),
    });

    // A client id alone is no change to save: Save changes stays off, and nothing is queued.
    await page
      .getByRole('list', { name: 'Authors in this group' })
      .getByRole('button', { name: /Grace Hopper/ })
      .click();
    const save = e.getByRole('button', { name: 'Save changes' });
    await expect.poll(() => save.isDisabled()).toBe(true);
    await e.getByLabel('Author id (optional)', { exact: true }).fill('rev-1-copy');
    await expect.poll(() => save.isDisabled()).toBe(true);
    await e.getByLabel('Name', { exact: true }).fill('Grace B. Hopper');
    expect(await save.isDisabled()).toBe(true);
    await e.getByLabel('Author id (optional)', { exact: true }).fill('rev-1');
    await expect.poll(() => save.isDisabled()).toBe(false);
    await e.getByLabel('Name', { exact: true }).fill('Grace Hopper');
    await expect.poll(() => save.isDisabled()).toBe(true);
    expect(app.core.workspace()!.outbox.counts().pending).toBe(0);

    await page
      .getByRole('list', { name: 'Authors in this group' })
      .getByRole('button', { name: /Grace Hopper/ })
      .click();
    await e.getByRole('button', { name: 'Delete' }).click();
    // The click queues the delete asynchronously: under load it may not be queued yet when the outbox is first drained.
    await expect
      .poll(
        async () => {
          await synced();
          return (await serviceAuthor('rev-1')).status;
        },
        { timeout: 15_000 },
      )
      .toBe(404);
    await expect.poll(() => page.getByRole('list', { name: 'Authors in this group' }).textContent()).not.toMatch(/Grace Hopper/);
  });

  it('refuses a bad custom-field value before sending anything', async () => {
    const e = editor();
    await e.getByLabel('Author id (optional)', { exact: true }).fill('rev-bad');
    await e.getByLabel('Name', { exact: true }).fill('Bad Date');
    // A number field keeps what was typed, so a word is refused by name rather than sent as empty.
    await e.getByLabel(/^Reviews completed/).fill('seven');
    await e.getByRole('button', { name: 'Create', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toBe('Reviews completed must be a number.');
    await e.getByLabel(/^Reviews completed/).fill('');
    // A date field marks itself when what was typed is not a date, and the form refuses to send it by the field's name.
    await e.getByLabel(/^Last invited/).fill('not a date');
    const before = app.core.workspace()!.outbox.list().length;
    await e.getByRole('button', { name: 'Create', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toMatch(/Last invited must be a date/);
    expect(await e.getByLabel(/^Last invited/).getAttribute('aria-invalid')).toBe('true');
    expect(app.core.workspace()!.outbox.list().length).toBe(before);
    await e.getByRole('button', { name: 'New author' }).click();
  });

  it('imports authors from a CSV file with a column mapping', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'desk-csv-'));
    const file = join(dir, 'reviewers.csv');
    writeFileSync(
      file,
      'ID;Full name;E-mail;Institution\r\nr-10;Ada Lovelace;ada@example.org;University of ' +
        'London\r\nr-11;"Turing, Alan";alan@example.org;University of Manchester\r\nr-12;Emmy ' +
        'Noether;;University of Göttingen\r\n',
    );
    await page.getByLabel('CSV file of authors').setInputFiles(file);
    await choose(page.getByLabel('Column for Author id'), 'ID');
    await choose(page.getByLabel('Column for Name'), 'Full name');
    await choose(page.getByLabel('Column for E-mails'), 'E-mail');
    await choose(page.getByLabel('Column for Affiliations'), 'Institution');
    await page.getByRole('button', { name: 'Import 3 authors' }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toMatch(/3 authors queued/);
    await synced();
    expect((await serviceAuthor('r-11')).body).toMatchObject({
      name: 'Turing, Alan',
      emails: ['alan@example.org'],
      affiliations: ['University of Manchester'],
    });
    expect((await serviceAuthor('r-12')).body.emails).toBeNull();
    await expect.poll(() => page.getByRole('list', { name: 'Authors in this group' }).getByRole('listitem').count()).toBe(3);
    await page.screenshot({ path: screenshotPath('groups-2-imported') });
  });

  it('adds an author without an id: the ORCID gives one; a wrong e-mail is refused before anything is queued', async () => {
    const e = editor();
    await e.getByLabel('Author id (optional)', { exact: true }).fill('');
    await e.getByLabel('Name', { exact: true }).fill('Linus Pauling');
    await e.getByLabel('Emails', { exact: true }).fill('pauling at caltech');
    await e.getByRole('button', { name: 'Create', exact: true }).click();
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toBe('Emails: “pauling at caltech” is not an e-mail address (name@example.org).');
    await e.getByLabel('Emails', { exact: true }).fill('pauling@caltech.edu');
    // A mistyped ORCID (wrong check digit) is refused before anything is queued, naming the field.
    const queued = app.core.workspace()!.outbox.list().length;
    await e.getByLabel('ORCIDs', { exact: true }).fill('0000-0002-1825-0098');
    await e.getByRole('button', { name: 'Create', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toMatch(/^ORCIDs: “0000-0002-1825-0098” is not a valid ORCID/);
    expect(app.core.workspace()!.outbox.list().length).toBe(queued);
    await e.getByLabel('ORCIDs', { exact: true }).fill('0000-0002-1825-0097');
    await e.getByRole('button', { name: 'Create', exact: true }).click();
    // Queued before syncing: the click returns before the write reaches core.
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe('Author created (queued).');
    await synced();
    expect((await serviceAuthor('0000-0002-1825-0097')).body).toMatchObject({ name: 'Linus Pauling', emails: ['pauling@caltech.edu'] });
  });

  it('imports a sheet with only Name, Email, ORCID and Affiliation columns (no id column)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'desk-csv-'));
    const file = join(dir, 'editors-sheet.csv');
    writeFileSync(
      file,
      'Name,Email,ORCID,Affiliation\r\nDorothy Hodgkin,dorothy@example.org,,University of ' +
        'Oxford\r\nBarbara McClintock,,0000-0001-5109-3700,Cornell University\r\n',
    );
    await page.getByLabel('CSV file of authors').setInputFiles(file);
    await page.getByRole('button', { name: 'Import 2 authors' }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toMatch(/2 authors queued/);
    await synced();
    expect((await serviceAuthor('dorothy@example.org')).body).toMatchObject({
      name: 'Dorothy Hodgkin',
      affiliations: ['University of Oxford'],
    });
    expect((await serviceAuthor('0000-0001-5109-3700')).body).toMatchObject({
      name: 'Barbara McClintock',
      orcids: ['0000-0001-5109-3700'],
    });
  });

  it('imports custom-field columns, converting each kind, and reports bad rows without sending them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'desk-csv-'));
    const file = join(dir, 'reviewers-custom.csv');
    writeFileSync(
      file,
      [
        'Client ID,Name,Reviews completed,Last invited,Availability,Expertise,Notes',
        'r-20,Marie Curie,12,2025-11-30,on leave,Methods|Clinical,"Prefers email; short reviews"',
        'r-21,Lise Meitner,three,2025-02-30,Maybe,Botany,',
        'r-22,Rosalind Franklin,,,Available,"Statistics; Theory",',
      ].join('\r\n'),
    );
    await page.getByLabel('CSV file of authors').setInputFiles(file);
    // Custom-field columns are mapped by their field names.
    expect(await chosen(page.getByLabel('Column for Reviews completed'))).toBe('Reviews completed');
    expect(await chosen(page.getByLabel('Column for Expertise'))).toBe('Expertise');
    await page.screenshot({ path: screenshotPath('groups-3-csv-custom-mapping') });
    await page.getByRole('button', { name: 'Import 3 authors' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toMatch(/2 authors queued\. 1 row was not imported/);
    const notImported = page.getByRole('list', { name: 'Rows not imported' });
    expect(await notImported.textContent()).toMatch(
      new RegExp(
        String.raw`Row 2 \(r-21\): Reviews completed must be a number.*Last invited must be a date.*` +
          String.raw`Availability: “Maybe” is not one of its options.*Expertise: “Botany” is not one of its options`,
      ),
    );
    await synced();
    expect((await serviceAuthor('r-20')).body).toMatchObject({
      name: 'Marie Curie',
      [F(1)]: 12,
      [F(3)]: '2025-11-30',
      [F(4)]: F(43),
      [F(5)]: [F(51), F(53)],
      [F(2)]: 'Prefers email; short reviews',
    });
    expect((await serviceAuthor('r-22')).body).toMatchObject({ name: 'Rosalind Franklin', [F(4)]: F(41), [F(5)]: [F(52), F(54)] });
    expect((await serviceAuthor('r-21')).status).toBe(404);
    await page.screenshot({ path: screenshotPath('groups-4-csv-problems') });
  });

  it('shows a group the service refused on the group itself, and sends it again once edited there', async () => {
    const form = page.getByRole('form', { name: 'Create an authors group' });
    await form.getByLabel('Group name').fill('Ghost reviewers');
    await form.getByLabel('Owner team').fill('Ghost Team');
    await form.getByRole('button', { name: 'Create group' }).click();
    await app.core.workspace()!.sync.syncNow();
    const row = page.getByRole('list', { name: 'Authors groups' }).getByRole('button', { name: /Ghost reviewers/ });
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toMatch(/not created/);
    const fix = page.getByRole('form', { name: 'Fix the group and send it again' });
    await expect
      .poll(() => fix.getByRole('alert').textContent())
      .toMatch(/The service did not create this group: Team "Ghost Team" does not exist in the organization \(Owner team\)/);
    expect(await fix.getByLabel('Owner team').inputValue()).toBe('Ghost Team');
    await page.screenshot({ path: screenshotPath('groups-0-refused') });
    await fix.getByLabel('Owner team').fill('Editorial Office');
    await fix.getByLabel('Group name').fill('Found reviewers');
    await fix.getByRole('button', { name: 'Send again' }).click();
    await synced();
    const fixed = page.getByRole('list', { name: 'Authors groups' }).getByRole('button', { name: /Found reviewers/ });
    await expect.poll(() => fixed.textContent(), { timeout: 10_000 }).toMatch(/number \d+ · synced/);
    await expect.poll(() => fix.count()).toBe(0);
    const id = Number((await fixed.textContent())!.match(/number (\d+)/)![1]);
    const g = app.core.cache.groups.getByServiceId(app.core.workspace()!.profileId, id)!;
    expect(g).toMatchObject({ name: 'Found reviewers', ownerTeam: 'Editorial Office' });
    expect(app.core.workspace()!.outbox.counts().parked).toBe(0);
  });

  it('fetches any client id of a group added by id, and says when the service has no such author', async () => {
    const created = await servicePost('authors-group/create/', {
      group_name: 'Shared panel',
      owner_team: 'Editorial Office',
      editor_teams: [],
      viewer_teams: [],
    });
    const otherGroupId = Number(created.authors_group_id);
    await servicePost(`author-from-group/${otherGroupId}/ext-7/`, { name: 'Katherine Johnson', emails: ['kj@example.org'], [F(1)]: 3 });

    const add = page.getByRole('form', { name: 'Add an existing group' });
    const groupRow = (name: RegExp) => page.getByRole('list', { name: 'Authors groups' }).getByRole('button', { name });
    // A number nobody answers for: asked for its name, shown as not verified, never synced.
    await add.getByLabel('Group name').fill('Typo panel');
    await add.getByLabel('Group number').fill('999');
    await add.getByRole('button', { name: 'Add by id' }).click();
    await expect.poll(() => groupRow(/Typo panel/).textContent()).toMatch(/number 999 · not verified/);
    expect(await page.getByRole('status').first().textContent()).toMatch(/not verified.*press Fetch/);
    const e = editor();
    await e.getByLabel('Author id (optional)', { exact: true }).fill('ext-7');
    await e.getByRole('button', { name: 'Fetch' }).click();
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toMatch(/^The service has no authors group 999: check the number/);
    expect(await groupRow(/Typo panel/).textContent()).toMatch(/not verified/);

    await add.getByLabel('Group name').fill('Shared panel');
    await add.getByLabel('Group number').fill(String(otherGroupId));
    await add.getByRole('button', { name: 'Add by id' }).click();
    await expect.poll(() => page.getByRole('heading', { name: /^Authors of/ }).textContent()).toBe('Authors of Shared panel');
    await expect.poll(() => page.getByRole('list', { name: 'Authors in this group' }).getByRole('listitem').count()).toBe(0);
    expect(await groupRow(/Shared panel/).textContent()).toMatch(new RegExp(`number ${otherGroupId} · not verified`));

    await e.getByLabel('Author id (optional)', { exact: true }).fill('nobody');
    await e.getByRole('button', { name: 'Fetch' }).click();
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toMatch(new RegExp(`The service has no author “nobody” in group “Shared panel”\\. Check the client id`));

    await e.getByLabel('Author id (optional)', { exact: true }).fill('ext-7');
    await e.getByRole('button', { name: 'Fetch' }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toMatch(/Fetched “Katherine Johnson” from the service/);
    await expect.poll(() => page.getByRole('list', { name: 'Authors in this group' }).textContent()).toMatch(/Katherine Johnson/);
    expect(await e.getByLabel('Name', { exact: true }).inputValue()).toBe('Katherine Johnson');
    expect(await e.getByLabel(/^Reviews completed/).inputValue()).toBe('3');
    await expect.poll(() => groupRow(/Shared panel/).textContent()).toMatch(new RegExp(`number ${otherGroupId} · synced`));
    await page.screenshot({ path: screenshotPath('groups-5-fetched') });
  });

  it('screenshots of Groups and Settings at 1280×720 and 1920×1080, light and dark; Groups axe clean, nothing cut off', async () => {
    const nav = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name, exact: true }).click();
    await nav('Groups');
    await page
      .getByRole('list', { name: 'Authors groups' })
      .getByRole('button', { name: /Statistics reviewers/ })
      .click();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const [w, h] of [
        [1280, 720],
        [1920, 1080],
      ] as const) {
        await page.setViewportSize({ width: w, height: h });
        for (const view of ['Groups', 'Settings']) {
          if (view === 'Settings') await openSettingsPane(page, 'Invitations');
          else await nav(view);
          await page.getByRole('heading', { level: 1, name: view }).waitFor();
          // The view loaded (the README's Settings shots showed "Loading…" and the checks below ran on it).
          await page
            .getByRole('heading', { level: 2, name: view === 'Groups' ? 'Authors groups' : 'Invitations and reviewer load' })
            .waitFor();
          expect(await page.locator('main').getByText('Loading…', { exact: true }).count(), `${view} ${w}x${h}`).toBe(0);
          // Nothing wider than the window: no horizontal scrolling, nothing cut at the right edge.
          const overflow = await page.evaluate(() =>
            [...document.querySelectorAll('main, main *')]
              // Visually hidden controls (.sr-only, e.g. the native file input) are 1 px by design.
              .filter(
                (el) => !el.closest('.sr-only') && el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible',
              )
              .map((el) => `${el.tagName.toLowerCase()}.${String(el.className)} ${el.scrollWidth}>${el.clientWidth}`),
          );
          expect(overflow, `${view} ${w}x${h}`).toEqual([]);
          expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
          if (view === 'Groups') await visiblyLabelled(`${w}x${h} ${scheme}`);
          await page.screenshot({ path: screenshotPath(`${view.toLowerCase()}-${w}x${h}-${scheme}`) });
        }
      }
      await nav('Groups');
      expect(await seriousAxe(page, scheme)).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });
  });
});
