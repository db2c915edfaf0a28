import { create } from 'zustand';
import type { ConnectionTest, ProfilesState } from '../../../electron/common/shapes';
import { live } from '../data/queries';
import { desk, errorText } from '../platform/instance';

interface ProfilesStore {
  state: ProfilesState | null;
  tests: Record<string, ConnectionTest>;
  busy: boolean;
  error: string | null;
  load(): Promise<void>;
  save(input: { id?: string; name: string; baseUrl: string }): Promise<boolean>;
  remove(id: string): Promise<void>;
  activate(id: string): Promise<void>;
  setKey(id: string, apiKey: string): Promise<boolean>;
  clearKey(id: string): Promise<void>;
  test(id: string): Promise<void>;
}

export const useProfiles = create<ProfilesStore>((set) => {
  const run = async (fn: () => Promise<ProfilesState>): Promise<boolean> => {
    set({ busy: true, error: null });
    try {
      set({ state: await fn(), busy: false });
      return true;
    } catch (err) {
      set({ busy: false, error: errorText(err) });
      return false;
    }
  };
  return {
    state: null,
    tests: {},
    busy: false,
    error: null,
    load: async () => void (await run(() => desk().invoke('profiles.list', {}))),
    save: (input) => run(() => desk().invoke('profiles.save', input)),
    remove: async (id) => void (await run(() => desk().invoke('profiles.remove', { id }))),
    activate: async (id) => void (await run(() => desk().invoke('profiles.activate', { id }))),
    setKey: (id, apiKey) => run(() => desk().invoke('profiles.setKey', { id, apiKey })),
    clearKey: async (id) => void (await run(() => desk().invoke('profiles.clearKey', { id }))),
    test: async (id) => {
      set({ busy: true, error: null });
      try {
        const result = await desk().invoke('profiles.test', { id });
        set((s) => ({ tests: { ...s.tests, [id]: result }, busy: false }));
        set({ state: await desk().invoke('profiles.list', {}) });
      } catch (err) {
        set({ busy: false, error: errorText(err) });
      }
    },
  };
});

live(
  'profiles.list',
  () => ({}),
  () => useProfiles.getState().load(),
);
