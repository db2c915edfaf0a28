// The editorial office's webhook receiver as a server process without a window (`npm run office -- receive`,
// docs/office.md "The office's receiver"): a core of its own — a data folder, one connection profile holding the
// organization's API key (to verify deliveries), linked to the office as an editor of every folder — runs the
// app's WebhookReceiver (same code, limits and checks) and the office's sync loop. A delivery is applied to its
// cache and queued for the office in one transaction before the 2xx goes out (cache/office-marks.ts); the loop
// pushes it and pulls every folder, so the receiver learns the manuscripts marks are about. Stopping finishes
// the deliveries in progress and pushes what waits when the office can be reached.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DeskError } from '../../common/errors';
import { openCache, type Cache } from '../cache';
import { acquireInstanceLock } from '../instance-lock';
import type { Clock, Logger } from '../ports';
import { systemClock } from '../ports';
import { MemorySecretStore } from '../secrets';
import { systemTimers, type Timers } from '../sync';
import { newWebhookSecret, WebhookReceiver, type WebhookLimits } from '../webhook';
import { SECRET_PATTERN } from '../webhook/secrets';
import { logDelivery } from '../webhook/service';
import { postgresOffice } from './driver';
import { OfficeService, splitOfficeUrl, type OfficeDriver } from './service';
import type { OfficeSync } from './sync';

/** The receiver's one connection profile. */
export const RECEIVER_PROFILE = 'office-receiver';
/** Files in the data folder: the secret path token (kept so the address survives restarts), and the address to give the service. */
export const TOKEN_FILE = 'webhook-token';
export const ADDRESS_FILE = 'webhook-address';
/** How long stopping waits for the office to take what is waiting. */
export const FLUSH_MS = 10_000;

export interface HeadlessReceiverOptions {
  dataDir: string;
  /** postgres://LOGIN@server/database?sslmode=verify-full — no password in it. */
  officeUrl: string;
  officePassword: string;
  /** The organization's API key: a delivery whose api_key differs is refused (401). */
  apiKey: string;
  bindAddress?: string;
  port?: number;
  /** The address the service reaches the receiver at (a reverse proxy's https://…), announced to the editors. */
  publicUrl?: string;
  /** The service's base URL, kept on the profile (the receiver never calls it). */
  serviceUrl?: string;
  logger: Logger;
  /** Told every secret the receiver holds, so the logger redacts it. */
  registerSecret?: (secret: string) => void;
  driver?: OfficeDriver;
  clock?: Clock;
  timers?: Timers;
  limits?: Partial<WebhookLimits>;
}

export interface HeadlessReceiver {
  /** The full address to give the service (the public base, or the bound one, with the secret path). */
  url: string;
  port: number;
  cache: Cache;
  /** The office's sync loop (null only if it could not be started). */
  loop(): OfficeSync | null;
  /** Stops taking deliveries, finishes those in progress, pushes what waits (bounded by FLUSH_MS), closes. Idempotent. */
  stop(): Promise<void>;
}

/** The path token: kept in the data folder (mode 0600) so the address given to the service stays the same. */
function token(dataDir: string): string {
  const file = join(dataDir, TOKEN_FILE);
  if (existsSync(file)) {
    const t = readFileSync(file, 'utf8').trim();
    if (SECRET_PATTERN.test(t)) return t;
    throw new DeskError('invalid_input', `${file} does not hold a webhook token; delete it to make a new address.`);
  }
  const t = newWebhookSecret();
  writeFileSync(file, `${t}\n`, { mode: 0o600 });
  return t;
}

export async function startHeadlessReceiver(opts: HeadlessReceiverOptions): Promise<HeadlessReceiver> {
  const logger = opts.logger;
  const clock = opts.clock ?? systemClock;
  if (opts.apiKey.trim() === '') throw new DeskError('invalid_input', 'The API key is empty.');
  if (opts.officePassword === '') throw new DeskError('invalid_input', 'The office password is empty.');
  opts.registerSecret?.(opts.apiKey);
  opts.registerSecret?.(opts.officePassword);
  const given = splitOfficeUrl(opts.officeUrl);
  if (given.password !== null)
    throw new DeskError('invalid_input', 'Give the office password in the environment or on standard input, not in the address.');
  if (opts.publicUrl !== undefined) {
    const u = new URL(opts.publicUrl);
    if ((u.protocol !== 'https:' && u.protocol !== 'http:') || u.username !== '' || u.password !== '' || u.search !== '' || u.hash !== '')
      throw new DeskError('invalid_input', 'The public address must be an http(s) address without user, password, query or fragment.');
  }

  mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
  const lock = await acquireInstanceLock(opts.dataDir, 'office-receiver');
  let cache: Cache | null = null;
  let office: OfficeService | null = null;
  const receiver: { current: WebhookReceiver | null } = { current: null };
  try {
    cache = openCache({ file: join(opts.dataDir, 'cache.db'), clock, logger });
    const c = cache;
    const existing = c.profiles.get(RECEIVER_PROFILE);
    c.profiles.upsert({
      id: RECEIVER_PROFILE,
      name: 'Office receiver',
      baseUrl: opts.serviceUrl ?? existing?.baseUrl ?? 'https://service.invalid',
      kind: 'remote',
      createdAt: existing?.createdAt ?? clock.now(),
      lastCheckedAt: existing?.lastCheckedAt ?? null,
      lastFeatures: existing?.lastFeatures ?? null,
    });
    c.profiles.setActiveId(RECEIVER_PROFILE);

    // The office password lives in memory only (a server has no keychain); the link itself is in the cache.
    const secrets = new MemorySecretStore();
    office = new OfficeService({
      cache: c,
      secrets,
      driver: opts.driver ?? postgresOffice,
      clock,
      timers: opts.timers ?? systemTimers,
      logger,
      ...(opts.registerSecret ? { registerSecret: opts.registerSecret } : {}),
      onStatus: (v) => {
        if (v) logger.log('info', 'office receiver: office status', { state: v.state, waiting: v.waiting, reason: v.reason });
      },
    });
    const check = await office.link(RECEIVER_PROFILE, { url: given.url, login: given.login, password: opts.officePassword });
    if (!check.ok) throw new DeskError('unauthorized', `The office refused the receiver: ${check.message}`);
    await office.attach(RECEIVER_PROFILE);

    // Announce the public address once the office has listed the receiver's folders (its first pass).
    let announced = opts.publicUrl === undefined;
    const announce = (): void => {
      if (announced) return;
      if (c.office.folders(RECEIVER_PROFILE).length === 0) return;
      announced = true;
      const n = c.officeMarks.announce(RECEIVER_PROFILE, opts.publicUrl!, clock.now());
      logger.log('info', 'office receiver: public address announced', { url: opts.publicUrl, folders: n });
    };
    office.loop()?.events.on('status', (s) => {
      if (s.state === 'in_step' || s.state === 'syncing') announce();
    });

    const rcv = new WebhookReceiver({
      cache: c,
      activeProfileId: () => RECEIVER_PROFILE,
      getApiKey: async () => opts.apiKey,
      logger,
      // Refusals and connectivity checks go to the delivery log, as in the app.
      onAnswer: (a) => logDelivery(c, RECEIVER_PROFILE, a),
    });
    receiver.current = rcv;
    const running = await rcv.start({
      bindAddress: opts.bindAddress ?? '127.0.0.1',
      port: opts.port ?? 0,
      token: token(opts.dataDir),
      ...(opts.publicUrl !== undefined ? { publicBaseUrl: opts.publicUrl } : {}),
      ...(opts.limits ? { limits: opts.limits } : {}),
    });
    const port = rcv.status().port ?? 0;
    const addressFile = join(opts.dataDir, ADDRESS_FILE);
    writeFileSync(addressFile, `${running.url}\n`, { mode: 0o600 });
    chmodSync(addressFile, 0o600);

    let stopping: Promise<void> | null = null;
    const svc = office;
    return {
      url: running.url,
      port,
      cache: c,
      loop: () => svc.loop(),
      stop: () =>
        (stopping ??= (async () => {
          await rcv.stop();
          // What waits goes to the office if it can be reached within FLUSH_MS (tried again every half second).
          const loop = svc.loop();
          const deadline = Date.now() + FLUSH_MS;
          const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, ms)));
          while (loop && loop.status().state !== 'refused' && c.office.waiting(RECEIVER_PROFILE) > 0 && Date.now() < deadline) {
            await Promise.race([loop.syncNow(), sleep(deadline - Date.now())]);
            if (c.office.waiting(RECEIVER_PROFILE) > 0) await sleep(Math.min(500, deadline - Date.now()));
          }
          const waiting = c.office.waiting(RECEIVER_PROFILE);
          if (waiting > 0)
            logger.log('warn', 'office receiver: stopped with changes waiting; they are pushed at the next start', { waiting });
          await svc.detach();
          c.close();
          lock.release();
        })()),
    };
  } catch (err) {
    await receiver.current?.stop().catch(() => undefined);
    await office?.detach().catch(() => undefined);
    cache?.close();
    lock.release();
    throw err;
  }
}
