// The editorial office as core offers it (docs/office.md): "Test connection", linking the active
// profile to an office (the password in the keychain, like the API key), the sync loop of the
// linked profile, and what the status bar says of it.
import { DeskError } from '../../common/errors';
import type { OfficeStatusView } from '../../common/shapes';
import type { Cache } from '../cache';
import type { Clock, Logger, SecretStore } from '../ports';
import type { Timers } from '../sync';
import type { OfficeCheck } from './types';
import { OfficeSync, type OfficeConnection, type OfficeSyncStatus } from './sync';

/** The keychain account of a profile's office password. */
export const officeAccount = (profileId: string): string => `office:${profileId}`;

/** How core reaches an office: the real one is office/client.ts over node-postgres. */
export interface OfficeDriver {
  check(url: string, password: string): Promise<OfficeCheck>;
  connect(url: string, password: string): Promise<OfficeConnection>;
}

export interface OfficeServiceDeps {
  cache: Cache;
  secrets: SecretStore;
  driver: OfficeDriver;
  clock: Clock;
  timers: Timers;
  logger: Logger;
  /** Told every secret core handles, so the logger can redact it. */
  registerSecret?: (secret: string) => void;
  onStatus: (s: OfficeStatusView | null) => void;
}

/** The address with the editor's login as its user name, without any password in it. */
export function officeUrl(url: string, login: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new DeskError('invalid_input', 'The office address must look like postgres://server/database.', { field: 'url' });
  }
  if (u.protocol !== 'postgres:' && u.protocol !== 'postgresql:')
    throw new DeskError('invalid_input', 'The office address must start with postgres://.', { field: 'url' });
  if (!/^[a-z_][a-z0-9_.-]{0,62}$/.test(login))
    throw new DeskError('invalid_input', 'The office user name may hold lowercase letters, digits and _ . - (at most 63), as IT gave it.', {
      field: 'login',
    });
  u.username = encodeURIComponent(login);
  u.password = '';
  return u.toString();
}

/** A postgres:// URL given on the command line (`--office`), split into address, login and password. */
export function splitOfficeUrl(raw: string): { url: string; login: string; password: string | null } {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new DeskError('invalid_input', 'The office address must look like postgres://user:password@server/database.');
  }
  const login = decodeURIComponent(u.username);
  if (login === '') throw new DeskError('invalid_input', 'The office address must name the editor: postgres://user@server/database.');
  const password = u.password === '' ? null : decodeURIComponent(u.password);
  return { url: officeUrl(raw, login), login, password };
}

/** The value of `--office URL` or `--office=URL` among command-line arguments, if given. */
export function officeFromArgv(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith('--office=')) return a.slice('--office='.length);
    if (a === '--office' && i + 1 < argv.length) return argv[i + 1];
  }
  return undefined;
}

const MESSAGES: Record<OfficeSyncStatus['state'], string> = {
  connecting: 'Office: connecting…',
  in_step: 'Office: in step',
  syncing: 'Office: sending changes…',
  offline: 'Office: offline',
  refused: 'Office: refused',
};

export function officeStatusView(link: { url: string; login: string }, s: OfficeSyncStatus): OfficeStatusView {
  const waiting = s.waiting > 0 ? ` — ${s.waiting} ${s.waiting === 1 ? 'change' : 'changes'} waiting` : '';
  return {
    url: link.url,
    login: link.login,
    state: s.state,
    waiting: s.waiting,
    reason: s.reason,
    lastSyncAt: s.lastSyncAt,
    message: `${MESSAGES[s.state]}${s.state === 'in_step' ? '' : waiting}`,
  };
}

export class OfficeService {
  private sync: OfficeSync | null = null;
  private profileId: string | null = null;
  private last: OfficeStatusView | null = null;

  constructor(private readonly deps: OfficeServiceDeps) {}

  /** "Test connection", before linking: never stores anything. */
  async test(input: { url: string; login: string; password: string }): Promise<OfficeCheck> {
    return this.deps.driver.check(officeUrl(input.url, input.login), input.password);
  }

  /** The active profile's office, with the sync loop's state; null when it has none. */
  status(): OfficeStatusView | null {
    return this.last;
  }

  /**
   * Links the active profile to an office after a successful check: the password goes to the
   * keychain, the link (address and login) to the cache, and the loop starts. A failed check links nothing.
   */
  async link(profileId: string, input: { url: string; login: string; password: string }): Promise<OfficeCheck> {
    const url = officeUrl(input.url, input.login);
    this.deps.registerSecret?.(input.password);
    const check = await this.deps.driver.check(url, input.password);
    if (!check.ok) return check;
    // The loop of the old link stops before the link changes, so nothing queued for the new one goes to the old.
    const active = this.profileId === profileId;
    if (active) await this.detach();
    await this.deps.secrets.set(officeAccount(profileId), input.password);
    this.deps.cache.office.setLink(profileId, { url, login: input.login });
    if (active) await this.attach(profileId);
    return check;
  }

  async unlink(profileId: string): Promise<void> {
    if (this.profileId === profileId) await this.detach();
    this.deps.cache.office.setLink(profileId, null);
    await this.deps.secrets.delete(officeAccount(profileId));
    this.publish(null);
  }

  /** Follows the active profile: starts its office's loop when it is linked to one. */
  async attach(profileId: string): Promise<void> {
    await this.detach();
    this.profileId = profileId;
    const link = this.deps.cache.office.link(profileId);
    if (!link) return this.publish(null);
    const password = await this.deps.secrets.get(officeAccount(profileId));
    if (this.profileId !== profileId) return;
    if (password !== null) this.deps.registerSecret?.(password);
    const sync = new OfficeSync({
      cache: this.deps.cache,
      profileId,
      link: { url: link.url, login: link.login },
      connect: () => {
        if (password === null)
          return Promise.reject(
            new DeskError('unauthorized', 'The office password is not in the keychain. Link the office again in Settings.'),
          );
        return this.deps.driver.connect(link.url, password);
      },
      clock: this.deps.clock,
      timers: this.deps.timers,
      logger: this.deps.logger,
    });
    sync.events.on('status', (s) => this.publish(officeStatusView(link, s)));
    this.sync = sync;
    this.publish(officeStatusView(link, sync.status()));
    sync.start();
  }

  async detach(): Promise<void> {
    const s = this.sync;
    this.sync = null;
    this.profileId = null;
    if (s) await s.stop();
  }

  /** Pushes and pulls now; answers with the state after it. */
  async syncNow(): Promise<OfficeStatusView | null> {
    await this.sync?.syncNow();
    return this.last;
  }

  /** The loop of the active profile (tests, benches). */
  loop(): OfficeSync | null {
    return this.sync;
  }

  private publish(v: OfficeStatusView | null): void {
    this.last = v;
    this.deps.onStatus(v);
  }
}
