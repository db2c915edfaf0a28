// Connection profiles: name and base URL live in the cache database (per-profile data hangs off
// the profile id); the API key lives only in the SecretStore under account `profile:<id>`.

export interface PlanFeatures {
  /** true: answered; false: refused as not in the plan (403); null: not known yet. */
  authorsGroups: boolean | null;
  refereeFinder: boolean | null;
  recommendJournals: boolean | null;
}

export interface ProfileRecord {
  id: string;
  name: string;
  baseUrl: string;
  /** 'demo' is the local service the app starts itself on loopback. */
  kind: 'remote' | 'demo';
  createdAt: number;
  lastCheckedAt: number | null;
  lastFeatures: PlanFeatures | null;
}

/** Implemented over SQLite by electron/core/cache; by a Map in unit tests. */
export interface ProfilesRepository {
  list(): ProfileRecord[];
  get(id: string): ProfileRecord | undefined;
  /**
   * `relearned`: a value the next answer of the service teaches again (the plan's features), so its commit need
   * not wait for the disk on core's thread (lost to a power cut, it is learnt again).
   */
  upsert(profile: ProfileRecord, opts?: { relearned?: boolean }): void;
  remove(id: string): void;
  getActiveId(): string | null;
  setActiveId(id: string | null): void;
  /** The profile's key (kept in the SecretStore, never here) was set or cleared: what `hasKey` says changed. */
  keyChanged(id: string): void;
}

export const secretAccount = (profileId: string): string => `profile:${profileId}`;
