// A Map-based ProfilesRepository for tests (the SQLite one lives in electron/core/cache).
import type { ProfileRecord, ProfilesRepository } from '../../../electron/core/profiles/types';

export class MapProfilesRepository implements ProfilesRepository {
  readonly rows = new Map<string, ProfileRecord>();
  private active: string | null = null;
  /** Profiles whose key was set or cleared, in order. */
  readonly keyChanges: string[] = [];
  list(): ProfileRecord[] {
    return [...this.rows.values()].sort((a, b) => a.createdAt - b.createdAt);
  }
  get(id: string): ProfileRecord | undefined {
    const r = this.rows.get(id);
    return r ? { ...r } : undefined;
  }
  /** Ids written as `relearned` (a commit that need not wait for the disk), in order. */
  readonly relearned: string[] = [];
  upsert(p: ProfileRecord, opts: { relearned?: boolean } = {}): void {
    this.rows.set(p.id, { ...p });
    if (opts.relearned) this.relearned.push(p.id);
  }
  remove(id: string): void {
    this.rows.delete(id);
    if (this.active === id) this.active = null;
  }
  getActiveId(): string | null {
    return this.active !== null && this.rows.has(this.active) ? this.active : null;
  }
  setActiveId(id: string | null): void {
    this.active = id;
  }
  keyChanged(id: string): void {
    this.keyChanges.push(id);
  }
}
