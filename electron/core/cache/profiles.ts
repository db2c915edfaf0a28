import type { Database, Statement } from 'better-sqlite3';
import type { PlanFeatures, ProfileRecord, ProfilesRepository } from '../profiles/types';
import { fromJson, insertInto, toJson } from './sql';
import type { ChangeFeed } from './changes';
import { withoutCommitSync } from './durability';

interface ProfileDbRow {
  id: string;
  name: string;
  base_url: string;
  kind: 'remote' | 'demo';
  created_at: number;
  last_checked_at: number | null;
  last_features_json: string | null;
}

const ACTIVE_KEY = 'active_profile_id';

const toRecord = (r: ProfileDbRow): ProfileRecord => ({
  id: r.id,
  name: r.name,
  baseUrl: r.base_url,
  kind: r.kind,
  createdAt: r.created_at,
  lastCheckedAt: r.last_checked_at,
  lastFeatures: fromJson<PlanFeatures | null>(r.last_features_json, null),
});

/** ProfilesRepository over the cache. No secret ever reaches this table (the key is in the SecretStore). */
export class SqliteProfilesRepository implements ProfilesRepository {
  private readonly listStmt: Statement<[], ProfileDbRow>;
  private readonly getStmt: Statement<[string], ProfileDbRow>;
  private readonly upsertStmt: Statement<[ProfileDbRow]>;
  private readonly removeStmt: Statement<[string]>;
  private readonly getStateStmt: Statement<[string], { value: string | null }>;
  private readonly setStateStmt: Statement<[{ key: string; value: string | null }]>;

  constructor(
    private readonly db: Database,
    private readonly changes: ChangeFeed,
  ) {
    this.listStmt = db.prepare('SELECT * FROM profiles ORDER BY created_at, name');
    this.getStmt = db.prepare('SELECT * FROM profiles WHERE id = ?');
    this.upsertStmt = db.prepare(
      insertInto('profiles', ['id', 'name', 'base_url', 'kind', 'created_at', 'last_checked_at', 'last_features_json'], {
        target: ['id'],
        set: ['name', 'base_url', 'kind', 'last_checked_at', 'last_features_json'],
      }),
    );
    this.removeStmt = db.prepare('DELETE FROM profiles WHERE id = ?');
    this.getStateStmt = db.prepare('SELECT value FROM app_state WHERE key = ?');
    this.setStateStmt = db.prepare(insertInto('app_state', ['key', 'value'], { target: ['key'], set: ['value'] }));
  }

  list(): ProfileRecord[] {
    return this.listStmt.all().map(toRecord);
  }

  get(id: string): ProfileRecord | undefined {
    const r = this.getStmt.get(id);
    return r ? toRecord(r) : undefined;
  }

  upsert(p: ProfileRecord, opts: { relearned?: boolean } = {}): void {
    const write = () => {
      this.upsertStmt.run({
        id: p.id,
        name: p.name,
        base_url: p.baseUrl,
        kind: p.kind,
        created_at: p.createdAt,
        last_checked_at: p.lastCheckedAt,
        last_features_json: p.lastFeatures === null ? null : toJson(p.lastFeatures),
      });
      this.changes.note('profiles');
    };
    if (opts.relearned && !this.db.inTransaction) withoutCommitSync(this.db, write, (fn) => fn());
    else write();
  }

  /** Removes the profile and, by cascade, everything cached and queued under it. */
  remove(id: string): void {
    this.changes.transaction(() => {
      this.removeStmt.run(id);
      if (this.getActiveId() === id) this.setActiveId(null);
      this.changes.note('profiles');
    });
  }

  getActiveId(): string | null {
    const id = this.getStateStmt.get(ACTIVE_KEY)?.value ?? null;
    return id !== null && this.getStmt.get(id) ? id : null;
  }

  setActiveId(id: string | null): void {
    this.setStateStmt.run({ key: ACTIVE_KEY, value: id });
    this.changes.note('profiles');
  }

  keyChanged(_id: string): void {
    this.changes.note('profiles');
  }
}
