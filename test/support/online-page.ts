// One test file's app on its demo service and a Chromium page on it, once the status bar says Online.
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './browser';
import { startWebApp, type WebApp } from './web-app';

export interface OnlinePage {
  app: WebApp;
  browser: Browser;
  page: Page;
}

export interface PageOptions {
  width: number;
  height: number;
  downloads?: boolean;
  clipboard?: boolean;
  /** A script run in the page before the app loads (e.g. wire-log.ts's WIRE_LOG). */
  initScript?: string;
}

/** A new app on its demo service, and a page on it (openPageOn). */
export async function openOnlinePage(opts: PageOptions): Promise<OnlinePage> {
  return openPageOn(await startWebApp({ service: true }), opts);
}

/** Chromium and a page on `app` (started by the caller, who may have prepared its data first), once the status bar says Online. */
export async function openPageOn(app: WebApp, opts: PageOptions): Promise<OnlinePage> {
  const browser = await launchChromium();
  const context = await browser.newContext({
    viewport: { width: opts.width, height: opts.height },
    acceptDownloads: opts.downloads ?? false,
  });
  if (opts.clipboard) await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  if (opts.initScript) await page.addInitScript(opts.initScript);
  page.on('pageerror', (err) => console.error(`[page] ${err.message}`));
  await page.goto(app.host.url);
  await page.getByTestId('status-message').getByText('Online').waitFor({ timeout: 20_000 });
  return { app, browser, page };
}
