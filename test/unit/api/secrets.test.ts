import { describe, expect, it } from 'vitest';
import {
  createSecretStore,
  KeyringSecretStore,
  MemorySecretStore,
  sessionWarning,
  type KeyringEntry,
} from '../../../electron/core/secrets';
import { MemoryLogger } from './fixture';

/** A keyring backend held in a Map, optionally failing the way @napi-rs/keyring does. */
function fakeKeyring(fail?: 'set' | 'construct') {
  const data = new Map<string, string>();
  const calls: string[] = [];
  const factory = (service: string, account: string): KeyringEntry => {
    if (fail === 'construct') throw new Error('Platform failure: DBus error: Using X11 for dbus-daemon autolaunch was disabled');
    const k = `${service}/${account}`;
    return {
      getPassword: async () => data.get(k) ?? null,
      setPassword: async (p) => {
        calls.push(`set ${k}`);
        if (fail === 'set') throw Object.assign(new Error("Couldn't access platform storage: AccessDenied"), { code: 'GenericFailure' });
        data.set(k, p);
      },
      deletePassword: async () => data.delete(k),
    };
  };
  return { factory, data, calls };
}

describe('createSecretStore', () => {
  it('uses the keychain when a probe write/read/delete works, and leaves no probe behind', async () => {
    const kr = fakeKeyring();
    const store = await createSecretStore({ keyring: kr.factory });
    expect(store).toBeInstanceOf(KeyringSecretStore);
    expect(store.persistence).toBe('keychain');
    expect(store.warning).toBeNull();
    expect(kr.data.size).toBe(0);
    await store.set('profile:a', 'secret-1');
    expect(kr.data.get('referee-desk/profile:a')).toBe('secret-1');
    expect(await store.get('profile:a')).toBe('secret-1');
    await store.delete('profile:a');
    expect(await store.get('profile:a')).toBeNull();
  });

  for (const fail of ['set', 'construct'] as const) {
    it(`falls back to a session store with a warning when the keychain fails (${fail})`, async () => {
      const logger = new MemoryLogger();
      const store = await createSecretStore({ keyring: fakeKeyring(fail).factory, logger });
      expect(store.persistence).toBe('session');
      expect(store.warning).toBe(sessionWarning());
      expect(store.warning).toMatch(/only until Referee Desk closes/);
      await store.set('profile:a', 'secret-1');
      expect(await store.get('profile:a')).toBe('secret-1');
      expect(logger.text()).toMatch(/session only/);
      expect(logger.text()).not.toContain('secret-1');
    });
  }

  it('a keychain that fails later reports keychain_unavailable, never the secret', async () => {
    const store = new KeyringSecretStore(fakeKeyring('set').factory);
    await expect(store.set('profile:a', 'secret-xyz')).rejects.toMatchObject({ code: 'keychain_unavailable' });
    await store.set('profile:a', 'secret-xyz').catch((e: Error) => expect(e.message).not.toContain('secret-xyz'));
  });

  it('MemorySecretStore keeps keys per account', async () => {
    const m = new MemorySecretStore();
    await m.set('a', '1');
    await m.set('b', '2');
    await m.delete('a');
    expect([await m.get('a'), await m.get('b'), m.persistence]).toEqual([null, '2', 'session']);
  });
});
