import { create } from 'zustand';
import type { OfficeCheck } from '../../../electron/common/shapes';
import { desk, errorText } from '../platform/instance';

export interface OfficeForm {
  url: string;
  login: string;
  password: string;
}

interface OfficeState {
  busy: 'test' | 'link' | 'unlink' | 'sync' | null;
  /** The last "Test connection" or link outcome, in the editor's words. */
  result: { ok: boolean; message: string } | null;
  test(form: OfficeForm): Promise<void>;
  link(form: OfficeForm): Promise<boolean>;
  unlink(): Promise<void>;
  syncNow(): Promise<void>;
  /** Whether this profile shares the manuscript files with the office; null until read. */
  shareFiles: boolean | null;
  loadFileSharing(): Promise<void>;
  setFileSharing(share: boolean): Promise<void>;
}

/** The sentence for a check's outcome. */
export function checkText(c: OfficeCheck): string {
  if (!c.ok) return c.message;
  const folders = c.folders.join(', ');
  return `Connected as ${c.login}, editor of ${folders}.`;
}

/** Settings → Editorial office: test, link, unlink and sync the active profile's office (its state comes with app.status). */
export const useOffice = create<OfficeState>((set) => {
  const run = async <T>(busy: OfficeState['busy'], fn: () => Promise<T>): Promise<T | undefined> => {
    set({ busy, result: null });
    try {
      return await fn();
    } catch (e) {
      set({ result: { ok: false, message: errorText(e) } });
      return undefined;
    } finally {
      set({ busy: null });
    }
  };
  return {
    busy: null,
    result: null,
    async test(form) {
      const c = await run('test', () => desk().invoke('office.test', form));
      if (c) set({ result: { ok: c.ok, message: checkText(c) } });
    },
    async link(form) {
      const c = await run('link', () => desk().invoke('office.link', form));
      if (c) set({ result: { ok: c.ok, message: c.ok ? `Linked. ${checkText(c)}` : c.message } });
      return c?.ok ?? false;
    },
    async unlink() {
      await run('unlink', () => desk().invoke('office.unlink', {}));
    },
    async syncNow() {
      await run('sync', () => desk().invoke('office.syncNow', {}));
    },
    shareFiles: null,
    async loadFileSharing() {
      const r = await run(null, () => desk().invoke('office.fileSharing', {}));
      if (r) set({ shareFiles: r.shareFiles });
    },
    async setFileSharing(share) {
      const r = await run(null, () => desk().invoke('office.setFileSharing', { shareFiles: share }));
      if (r) set({ shareFiles: r.shareFiles });
    },
  };
});
