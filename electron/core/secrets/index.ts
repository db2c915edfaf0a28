// API keys at rest: the OS keychain through @napi-rs/keyring (macOS Keychain, Windows Credential
// Manager, the Secret Service on Linux), or — when there is none — memory for this session only,
// with a warning the editor sees. Never a plaintext file (ARCHITECTURE.md §3 rule 4).
import { randomBytes } from 'node:crypto';
import { platform } from 'node:os';
import { DeskError } from '../../common/errors';
import type { Logger, SecretStore } from '../ports';

export const KEYRING_SERVICE = 'referee-desk';
const PROBE_ACCOUNT = '__referee-desk-probe__';

/** A store plus what the editor must be told about it (null when keys persist in the keychain). */
export interface SecretStoreHandle extends SecretStore {
  readonly warning: string | null;
}

/** Keys in a Map. For tests (any persistence), and the base of the session fallback. */
export class MemorySecretStore implements SecretStoreHandle {
  private readonly map = new Map<string, string>();
  constructor(
    readonly persistence: 'keychain' | 'session' = 'session',
    readonly warning: string | null = null,
  ) {}
  async get(account: string): Promise<string | null> {
    return this.map.get(account) ?? null;
  }
  async set(account: string, secret: string): Promise<void> {
    this.map.set(account, secret);
  }
  async delete(account: string): Promise<void> {
    this.map.delete(account);
  }
}

/** The slice of @napi-rs/keyring's AsyncEntry used here (injectable so tests can fake failures). */
export interface KeyringEntry {
  getPassword(): Promise<string | null>;
  setPassword(password: string): Promise<void>;
  deletePassword(): Promise<boolean>;
}
export type KeyringFactory = (service: string, account: string) => KeyringEntry;

/** The real keyring. On Linux the entry is pinned to the Secret Service: the library's fallback,
 * the kernel keyring, forgets everything at logout, which would be persistence in name only. */
async function napiKeyring(): Promise<KeyringFactory> {
  const { AsyncEntry } = await import('@napi-rs/keyring');
  const options = platform() === 'linux' ? { linux: { store: 'secret-service' as const } } : undefined;
  return (service, account) => new AsyncEntry(service, account, options);
}

function keychainError(action: string): DeskError {
  return new DeskError('keychain_unavailable', `The system keychain refused to ${action} the API key. Unlock the keychain and try again.`);
}

export class KeyringSecretStore implements SecretStoreHandle {
  readonly persistence = 'keychain' as const;
  readonly warning = null;
  constructor(
    private readonly entry: KeyringFactory,
    private readonly service = KEYRING_SERVICE,
  ) {}
  async get(account: string): Promise<string | null> {
    try {
      return await this.entry(this.service, account).getPassword();
    } catch {
      throw keychainError('read');
    }
  }
  async set(account: string, secret: string): Promise<void> {
    try {
      await this.entry(this.service, account).setPassword(secret);
    } catch {
      throw keychainError('store');
    }
  }
  async delete(account: string): Promise<void> {
    try {
      await this.entry(this.service, account).deletePassword();
    } catch {
      throw keychainError('delete');
    }
  }
}

export function sessionWarning(os: string = platform()): string {
  return os === 'linux'
    ? 'No system keychain (Secret Service) is running on this computer, so API keys are kept only ' +
        'until Referee Desk closes and must be entered again next time. Install and unlock GNOME Keyring ' +
        'or KWallet to keep them safely.'
    : 'The system keychain could not be used, so API keys are kept only until Referee Desk closes and must be entered again next time.';
}

export interface CreateSecretStoreOptions {
  /** Keychain service name (default 'referee-desk'). */
  service?: string;
  logger?: Logger;
  /** Replaces @napi-rs/keyring (tests). */
  keyring?: KeyringFactory;
}

/** Probes the keychain with a write, a read and a delete of a throw-away entry: reading alone
 * succeeds on a Secret Service without an unlocked collection. Any failure (no D-Bus session, no
 * Secret Service, AccessDenied, a locked or missing collection, no native binary) falls back to
 * a session store whose `warning` says so. */
export async function createSecretStore(opts: CreateSecretStoreOptions = {}): Promise<SecretStoreHandle> {
  const service = opts.service ?? KEYRING_SERVICE;
  try {
    const factory = opts.keyring ?? (await napiKeyring());
    const probe = factory(service, PROBE_ACCOUNT);
    const token = randomBytes(8).toString('hex');
    await probe.setPassword(token);
    const back = await probe.getPassword();
    await probe.deletePassword();
    if (back !== token) throw new Error('the keychain did not return what was stored');
    opts.logger?.log('info', 'secrets: using the system keychain', { service });
    return new KeyringSecretStore(factory, service);
  } catch (err) {
    const reason = err instanceof Error ? err.message.split('\n')[0]?.slice(0, 200) : String(err);
    opts.logger?.log('warn', 'secrets: no usable system keychain, keeping keys for this session only', { reason });
    return new MemorySecretStore('session', sessionWarning());
  }
}
