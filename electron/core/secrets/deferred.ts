// A secret store whose keychain probe waits until it is first needed (or ready() is called), so the
// Electron shell can create its window before a locked keyring asks for a password: a prompt with
// no window behind it looks like a hung app. Until the probe has answered, keyStorage reads as
// 'session' with no warning; every get/set/delete waits for the probe.
import type { SecretStore } from '../ports';
import type { SecretStoreHandle } from './index';

export class DeferredSecretStore implements SecretStoreHandle {
  private handle: SecretStoreHandle | null = null;
  private opening: Promise<SecretStoreHandle> | null = null;

  constructor(private readonly open: () => Promise<SecretStoreHandle>) {}

  /** Runs the probe (once) and resolves with the store it chose. */
  ready(): Promise<SecretStoreHandle> {
    return (this.opening ??= this.open().then((h) => (this.handle = h)));
  }

  get persistence(): SecretStore['persistence'] {
    return this.handle?.persistence ?? 'session';
  }

  get warning(): string | null {
    return this.handle?.warning ?? null;
  }

  async get(account: string): Promise<string | null> {
    return (await this.ready()).get(account);
  }

  async set(account: string, secret: string): Promise<void> {
    await (await this.ready()).set(account, secret);
  }

  async delete(account: string): Promise<void> {
    await (await this.ready()).delete(account);
  }
}
