// Connection profiles: name and base URL in the cache (ProfilesRepository), the API key only in the
// SecretStore under `profile:<id>`. Nothing here ever returns a key: callers can set it, clear it
// and ask whether one is stored (ARCHITECTURE.md §3 rule 4).
import { randomUUID } from 'node:crypto';
import { DeskError, isDeskError } from '../../common/errors';
import type { ConnectionTest } from '../../common/shapes';
import { ServiceClient } from '../api/client';
import type { ServiceApi, ServiceClientOptions } from '../api/types';
import { systemClock, type Clock, type Logger, type SecretStore } from '../ports';
import { secretAccount, type PlanFeatures, type ProfileRecord, type ProfilesRepository } from './types';
import { normalizeBaseUrl } from '../../common/base-url';

export type FeatureName = keyof PlanFeatures;

/** What "Test connection" found: the contract's ConnectionTest, plus details. */
export interface ConnectionReport extends ConnectionTest {
  /** One line per feature for the editor, e.g. "Recommend journals: not in your plan". */
  details: Array<{ feature: FeatureName; label: string; status: 'available' | 'not_in_plan' | 'unknown'; note: string }>;
}

export interface ProfileSummary extends ProfileRecord {
  active: boolean;
  hasKey: boolean;
}

export interface ProfileInput {
  name: string;
  baseUrl: string;
  kind?: ProfileRecord['kind'];
}

export interface DemoService {
  baseUrl: string;
  apiKey: string;
}

export interface ProfilesServiceOptions {
  repo: ProfilesRepository;
  secrets: SecretStore;
  logger?: Logger;
  clock?: Clock;
  newId?: () => string;
  /** Told every key the moment core reads or receives it (e.g. RedactingLogger.addSecret). */
  registerSecret?: (secret: string) => void;
  /** Extra options for every ServiceClient made here (timeouts, retry policy, sleep in tests). */
  clientOptions?: Partial<Omit<ServiceClientOptions, 'baseUrl' | 'apiKey' | 'profileName'>>;
}

const FEATURE_LABEL: Record<FeatureName, string> = {
  authorsGroups: 'Authors groups',
  refereeFinder: 'Referee finder',
  recommendJournals: 'Recommend journals',
};

/** The probe ids: nothing the service can hold, so the answer is 404 (feature there) or 403. */
const PROBE_ORIGIN_ID = '__referee-desk-connection-test__';
const PROBE_GROUP_ID = 0;
const DEMO_NAME = 'Local demo';

function checkName(name: string): string {
  const n = name.trim();
  if (!n) throw new DeskError('invalid_input', 'A profile needs a name.', { field: 'name' });
  if (n.length > 80) throw new DeskError('invalid_input', 'A profile name can have at most 80 characters.', { field: 'name' });
  return n;
}

function checkKey(key: string): string {
  const k = key.trim();
  if (!k) throw new DeskError('invalid_input', 'The API key is empty.', { field: 'apiKey' });
  // eslint-disable-next-line no-control-regex
  if (k.length > 1024 || /[\s\x00-\x1f\x7f]/.test(k)) {
    throw new DeskError('invalid_input', 'The API key contains spaces or control characters; paste it again.', { field: 'apiKey' });
  }
  return k;
}

export class ProfilesService {
  private readonly repo: ProfilesRepository;
  private readonly secrets: SecretStore;
  private readonly clock: Clock;
  private readonly newId: () => string;
  private readonly clients = new Map<string, { baseUrl: string; name: string; client: ServiceClient }>();

  constructor(private readonly opts: ProfilesServiceOptions) {
    this.repo = opts.repo;
    this.secrets = opts.secrets;
    this.clock = opts.clock ?? systemClock;
    this.newId = opts.newId ?? randomUUID;
  }

  /** Where keys are kept and what to tell the editor about it. */
  get keyStorage(): { persistence: SecretStore['persistence']; warning: string | null } {
    const warning = (this.secrets as { warning?: string | null }).warning ?? null;
    return { persistence: this.secrets.persistence, warning };
  }

  async list(): Promise<ProfileSummary[]> {
    const active = this.repo.getActiveId();
    const out: ProfileSummary[] = [];
    for (const p of this.repo.list()) out.push({ ...p, active: p.id === active, hasKey: await this.hasKey(p.id) });
    return out;
  }

  get(id: string): ProfileRecord {
    const p = this.repo.get(id);
    if (!p) throw new DeskError('not_found', 'This connection profile no longer exists.');
    return p;
  }

  activeId(): string | null {
    return this.repo.getActiveId();
  }

  create(input: ProfileInput): ProfileRecord {
    const name = checkName(input.name);
    this.checkUnique(name, null);
    const record: ProfileRecord = {
      id: this.newId(),
      name,
      baseUrl: normalizeBaseUrl(input.baseUrl),
      kind: input.kind ?? 'remote',
      createdAt: this.clock.now(),
      lastCheckedAt: null,
      lastFeatures: null,
    };
    this.repo.upsert(record);
    if (this.repo.getActiveId() === null) this.repo.setActiveId(record.id);
    this.opts.logger?.log('info', 'profile created', { profileId: record.id, kind: record.kind });
    return record;
  }

  async update(id: string, patch: { name?: string; baseUrl?: string }): Promise<ProfileRecord> {
    const p = this.get(id);
    const next: ProfileRecord = { ...p };
    if (patch.name !== undefined) {
      next.name = checkName(patch.name);
      this.checkUnique(next.name, id);
    }
    if (patch.baseUrl !== undefined) {
      next.baseUrl = normalizeBaseUrl(patch.baseUrl);
      if (next.baseUrl !== p.baseUrl) {
        next.lastCheckedAt = null;
        next.lastFeatures = null;
      }
    }
    this.repo.upsert(next);
    await this.dropClient(id);
    return next;
  }

  /** Removes the profile, its key and (by the repository's cascade) its cached data. */
  async remove(id: string): Promise<void> {
    this.get(id);
    await this.secrets.delete(secretAccount(id));
    await this.dropClient(id);
    const wasActive = this.repo.getActiveId() === id;
    this.repo.remove(id);
    if (wasActive) this.repo.setActiveId(this.repo.list()[0]?.id ?? null);
    this.opts.logger?.log('info', 'profile removed', { profileId: id });
  }

  async setKey(id: string, key: string): Promise<void> {
    this.get(id);
    const k = checkKey(key);
    this.opts.registerSecret?.(k);
    await this.secrets.set(secretAccount(id), k);
    this.repo.keyChanged(id);
  }

  async clearKey(id: string): Promise<void> {
    this.get(id);
    await this.secrets.delete(secretAccount(id));
    this.repo.keyChanged(id);
  }

  async hasKey(id: string): Promise<boolean> {
    return (await this.secrets.get(secretAccount(id))) !== null;
  }

  setActive(id: string | null): void {
    if (id !== null) this.get(id);
    this.repo.setActiveId(id);
  }

  /** The client of a profile (the active one when omitted), one connection pool per profile. */
  client(id?: string): ServiceApi {
    const pid = id ?? this.repo.getActiveId();
    if (pid === null) throw new DeskError('not_found', 'No connection profile is selected. Add one in Settings → Connection.');
    const p = this.get(pid);
    const cached = this.clients.get(pid);
    if (cached && cached.baseUrl === p.baseUrl && cached.name === p.name) return cached.client;
    if (cached) void cached.client.close();
    const client = this.makeClient(p);
    this.clients.set(pid, { baseUrl: p.baseUrl, name: p.name, client });
    return client;
  }

  /** Records what a real call learned about a plan feature (e.g. an upload refused with 403). */
  recordFeature(id: string, feature: FeatureName, available: boolean): void {
    const p = this.repo.get(id);
    if (!p) return;
    const base: PlanFeatures = p.lastFeatures ?? { authorsGroups: null, refereeFinder: null, recommendJournals: null };
    if (base[feature] === available) return;
    // Told from an answer of the service's: the next answer says it again, so no fsync on core's thread for it.
    this.repo.upsert({ ...p, lastFeatures: { ...base, [feature]: available } }, { relearned: true });
  }

  /**
   * "Test connection": custom fields (any valid key may list them; proves address and key), then
   * two reads of things that cannot exist — an author in group 0 and journals for an unknown
   * origin_id — where 404 means the feature answers and 403 means it is not in the plan. Referee
   * finder has no call free of side effects (an upload stores a manuscript), so it is reported as
   * what the profile's real calls taught (recordFeature, told by the client: candidates came, or
   * an upload was refused with 403), and "unknown" before any. No retries: the editor wants the
   * answer now.
   */
  async testConnection(id: string, signal?: AbortSignal): Promise<ConnectionReport> {
    const p = this.get(id);
    const checkedAt = this.clock.now();
    const client = this.makeClient(p, { retry: { maxAttempts: 1 } });
    const unknownAll = { authorsGroups: null, refereeFinder: null, recommendJournals: null };
    try {
      const t0 = this.clock.now();
      try {
        await client.listCustomFields(signal ? { signal } : {});
      } catch (e) {
        const err = isDeskError(e) ? e : new DeskError('internal', 'The connection test failed unexpectedly.');
        return {
          ok: false,
          features: unknownAll,
          error: { code: err.code, message: err.message },
          latencyMs: null,
          checkedAt,
          details: (Object.keys(FEATURE_LABEL) as FeatureName[]).map((f) => ({
            feature: f,
            label: FEATURE_LABEL[f],
            status: 'unknown',
            note: 'not checked',
          })),
        };
      }
      const latencyMs = this.clock.now() - t0;
      const probe = async (call: () => Promise<unknown>): Promise<{ answer: boolean | null; note: string }> => {
        try {
          await call();
          return { answer: true, note: 'answers' };
        } catch (e) {
          if (!isDeskError(e)) return { answer: null, note: 'could not tell' };
          if (e.code === 'not_found') return { answer: true, note: 'answers' };
          if (e.code === 'feature_not_in_plan') return { answer: false, note: 'not in your organization’s plan' };
          return { answer: null, note: `could not tell: ${e.message}` };
        }
      };
      const opt = signal ? { signal } : {};
      const groups = await probe(() => client.getAuthor(PROBE_GROUP_ID, PROBE_ORIGIN_ID, opt));
      const journals = await probe(() => client.recommendJournals(PROBE_ORIGIN_ID, undefined, opt));
      const prev = this.repo.get(id)?.lastFeatures ?? null;
      const finder = prev?.refereeFinder ?? null;
      const features = { authorsGroups: groups.answer, refereeFinder: finder, recommendJournals: journals.answer };
      const lastFeatures: PlanFeatures = {
        authorsGroups: groups.answer ?? prev?.authorsGroups ?? null,
        refereeFinder: finder,
        recommendJournals: journals.answer ?? prev?.recommendJournals ?? null,
      };
      const current = this.repo.get(id);
      if (current) this.repo.upsert({ ...current, lastCheckedAt: checkedAt, lastFeatures });
      const status = (a: boolean | null) =>
        (a === true ? 'available' : a === false ? 'not_in_plan' : 'unknown') as 'available' | 'not_in_plan' | 'unknown';
      return {
        ok: true,
        features,
        error: null,
        latencyMs,
        checkedAt,
        details: [
          { feature: 'authorsGroups', label: FEATURE_LABEL.authorsGroups, status: status(groups.answer), note: groups.note },
          {
            feature: 'refereeFinder',
            label: FEATURE_LABEL.refereeFinder,
            status: status(finder),
            note:
              finder === true
                ? 'an upload brought candidates'
                : finder === false
                  ? 'the last upload was refused: not in your plan'
                  : 'checked by the first upload (a test would store a manuscript)',
          },
          { feature: 'recommendJournals', label: FEATURE_LABEL.recommendJournals, status: status(journals.answer), note: journals.note },
        ],
      };
    } finally {
      await client.close();
    }
  }

  /**
   * First start: with no profile at all, starts the local demo service and creates an active
   * "Local demo" profile with its key. With a demo profile already there, starts the demo service
   * again and points the profile at it (its port and key may differ per run). With only remote
   * profiles, does nothing and returns null.
   */
  /** True when the local demo service is wanted: no profile yet, or a demo profile exists. */
  wantsDemo(): boolean {
    const all = this.repo.list();
    return all.length === 0 || all.some((p) => p.kind === 'demo');
  }

  async ensureDemoProfile(startDemo: () => Promise<DemoService>): Promise<ProfileRecord | null> {
    const all = this.repo.list();
    const demo = all.find((p) => p.kind === 'demo');
    if (all.length > 0 && !demo) return null;
    const service = await startDemo();
    let record: ProfileRecord;
    if (demo) {
      record = demo.baseUrl === normalizeBaseUrl(service.baseUrl) ? demo : await this.update(demo.id, { baseUrl: service.baseUrl });
    } else {
      record = this.create({ name: this.freeName(DEMO_NAME), baseUrl: service.baseUrl, kind: 'demo' });
      this.repo.setActiveId(record.id);
    }
    await this.setKey(record.id, service.apiKey);
    return record;
  }

  async close(): Promise<void> {
    const all = [...this.clients.values()];
    this.clients.clear();
    await Promise.all(all.map((c) => c.client.close()));
  }

  private makeClient(p: ProfileRecord, extra: Partial<ServiceClientOptions> = {}): ServiceClient {
    return new ServiceClient({
      ...this.opts.clientOptions,
      ...(this.opts.logger && { logger: this.opts.logger }),
      onFeature: (feature, available) => this.recordFeature(p.id, feature, available),
      ...extra,
      baseUrl: p.baseUrl,
      profileName: p.name,
      apiKey: async () => {
        const key = await this.secrets.get(secretAccount(p.id));
        if (key) this.opts.registerSecret?.(key);
        return key;
      },
    });
  }

  private async dropClient(id: string): Promise<void> {
    const c = this.clients.get(id);
    this.clients.delete(id);
    await c?.client.close();
  }

  private checkUnique(name: string, exceptId: string | null): void {
    const clash = this.repo.list().find((p) => p.id !== exceptId && p.name.toLocaleLowerCase() === name.toLocaleLowerCase());
    if (clash) throw new DeskError('conflict', `There is already a profile named "${clash.name}".`, { field: 'name' });
  }

  private freeName(base: string): string {
    const taken = new Set(this.repo.list().map((p) => p.name.toLocaleLowerCase()));
    if (!taken.has(base.toLocaleLowerCase())) return base;
    for (let i = 2; ; i++) if (!taken.has(`${base} ${i}`.toLocaleLowerCase())) return `${base} ${i}`;
  }
}
