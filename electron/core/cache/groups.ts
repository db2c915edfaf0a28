import type { Database, Statement } from 'better-sqlite3';
import {
  customFieldValuesOf,
  type AuthorFromGroup,
  type AuthorFromGroupPatch,
  type AuthorFromGroupPut,
  type AuthorsGroupCreate,
  type LinkedAuthor,
} from '../../common/service';
import type { Clock } from '../ports';
import { fromJson, insertInto, toJson } from './sql';
import type { AuthorsGroupRow, GroupAuthorRow, GroupAuthorSyncState, SyncState } from './types';
import type { ChangeFeed } from './changes';

interface GroupDbRow {
  id: number;
  profile_id: string;
  service_id: number | null;
  name: string | null;
  owner_team: string | null;
  editor_teams_json: string | null;
  viewer_teams_json: string | null;
  origin: 'created' | 'added';
  sync_state: SyncState;
  verified_at: number | null;
  created_at: number;
}

/** The columns an author's write sets, bound by name. */
const AUTHOR_COLUMNS = [
  'group_id',
  'client_id',
  'name',
  'emails_json',
  'orcids_json',
  'articles_json',
  'affiliations_json',
  'custom_json',
  'linked_author_id',
  'linked_author_json',
  'raw_json',
  'base_json',
  'sync_state',
  'fetched_at',
  'updated_at',
] as const;

interface GroupAuthorDbRow {
  id: number;
  group_id: number;
  client_id: string;
  name: string | null;
  emails_json: string | null;
  orcids_json: string | null;
  articles_json: string | null;
  affiliations_json: string | null;
  custom_json: string;
  linked_author_id: number | null;
  linked_author_json: string | null;
  raw_json: string | null;
  base_json: string | null;
  sync_state: GroupAuthorSyncState;
  fetched_at: number | null;
  updated_at: number;
}

const toGroup = (r: GroupDbRow): AuthorsGroupRow => ({
  id: r.id,
  profileId: r.profile_id,
  serviceId: r.service_id,
  name: r.name,
  ownerTeam: r.owner_team,
  editorTeams: fromJson<string[] | null>(r.editor_teams_json, null),
  viewerTeams: fromJson<string[] | null>(r.viewer_teams_json, null),
  origin: r.origin,
  syncState: r.sync_state,
  verifiedAt: r.verified_at,
  createdAt: r.created_at,
});

const toGroupAuthor = (r: GroupAuthorDbRow): GroupAuthorRow => ({
  id: r.id,
  groupId: r.group_id,
  clientId: r.client_id,
  name: r.name,
  emails: fromJson<string[] | null>(r.emails_json, null),
  orcids: fromJson<string[] | null>(r.orcids_json, null),
  articles: fromJson<string[] | null>(r.articles_json, null),
  affiliations: fromJson<string[] | null>(r.affiliations_json, null),
  customFields: fromJson<Record<string, unknown>>(r.custom_json, {}),
  linkedAuthor: fromJson<LinkedAuthor | null>(r.linked_author_json, null),
  syncState: r.sync_state,
  fetchedAt: r.fetched_at,
  updatedAt: r.updated_at,
});

type ListKey = 'emails' | 'orcids' | 'articles' | 'affiliations';

/** The values of an author from group that the editor writes and the service stores. */
export type AuthorValues = Pick<GroupAuthorRow, 'name' | 'emails' | 'orcids' | 'articles' | 'affiliations' | 'customFields'>;

/** A write of an author's values: a full replace or a partial update. */
export type AuthorChange = { kind: 'author_put'; body: AuthorFromGroupPut } | { kind: 'author_patch'; body: AuthorFromGroupPatch };

/** The values after a write: a replace sets every field (left out: null, as on the service), an update only those given. */
export function applyChange(cur: AuthorValues | null, c: AuthorChange): AuthorValues {
  const b = c.body;
  if (c.kind === 'author_put')
    return {
      name: c.body.name,
      emails: b.emails ?? null,
      orcids: b.orcids ?? null,
      articles: b.articles ?? null,
      affiliations: b.affiliations ?? null,
      customFields: b.customFields ?? {},
    };
  const pick = (k: ListKey): string[] | null => (b[k] !== undefined ? (b[k] ?? null) : (cur?.[k] ?? null));
  return {
    name: b.name ?? cur?.name ?? null,
    emails: pick('emails'),
    orcids: pick('orcids'),
    articles: pick('articles'),
    affiliations: pick('affiliations'),
    customFields: { ...(cur?.customFields ?? {}), ...(b.customFields ?? {}) },
  };
}

const serviceValues = (value: AuthorFromGroup): AuthorValues => ({
  name: value.name,
  emails: value.emails,
  orcids: value.orcids,
  articles: value.articles,
  affiliations: value.affiliations,
  customFields: customFieldValuesOf(value),
});

const valuesOf = (a: GroupAuthorRow): AuthorValues => ({
  name: a.name,
  emails: a.emails,
  orcids: a.orcids,
  articles: a.articles,
  affiliations: a.affiliations,
  customFields: a.customFields,
});

/**
 * Authors groups known to the app (the service cannot list them: the cache is the app's memory),
 * identified locally by `id` and on the service by `serviceId` once created; and their authors.
 */
export class GroupsRepository {
  private readonly groupById: Statement<[number], GroupDbRow>;
  private readonly authorStmt: Statement<[number, string], GroupAuthorDbRow>;
  private readonly upsertAuthorStmt: Statement<[Record<(typeof AUTHOR_COLUMNS)[number], string | number | null>]>;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly changes: ChangeFeed,
  ) {
    this.groupById = db.prepare('SELECT * FROM authors_groups WHERE id = ?');
    this.authorStmt = db.prepare('SELECT * FROM group_authors WHERE group_id = ? AND client_id = ?');
    this.upsertAuthorStmt = db.prepare(
      insertInto('group_authors', AUTHOR_COLUMNS, {
        target: ['group_id', 'client_id'],
        // every other column takes the new value
        set: AUTHOR_COLUMNS.filter((c) => c !== 'group_id' && c !== 'client_id'),
      }),
    );
  }

  list(profileId: string): AuthorsGroupRow[] {
    return this.db
      .prepare<[string], GroupDbRow>("SELECT * FROM authors_groups WHERE profile_id = ? ORDER BY coalesce(name, '') COLLATE NOCASE, id")
      .all(profileId)
      .map(toGroup);
  }

  get(id: number): AuthorsGroupRow | undefined {
    const r = this.groupById.get(id);
    return r ? toGroup(r) : undefined;
  }

  getByServiceId(profileId: string, serviceId: number): AuthorsGroupRow | undefined {
    const r = this.db
      .prepare<[string, number], GroupDbRow>('SELECT * FROM authors_groups WHERE profile_id = ? AND service_id = ?')
      .get(profileId, serviceId);
    return r ? toGroup(r) : undefined;
  }

  /** A group that exists on the service, added by its id (name optional: the service cannot tell it). */
  addExisting(profileId: string, serviceId: number, name: string | null = null): AuthorsGroupRow {
    return this.changes.transaction(() => {
      const existing = this.getByServiceId(profileId, serviceId);
      if (existing) {
        if (name !== null) this.db.prepare('UPDATE authors_groups SET name = ? WHERE id = ?').run(name, existing.id);
        this.changes.note('groups', existing.id);
        return this.get(existing.id)!;
      }
      const { id } = this.db
        .prepare<[{ p: string; s: number; name: string | null; now: number }], { id: number }>(
          `INSERT INTO authors_groups (profile_id, service_id, name, origin, sync_state, created_at)
           VALUES (@p, @s, @name, 'added', 'synced', @now) RETURNING id`,
        )
        .get({ p: profileId, s: serviceId, name, now: this.clock.now() })!;
      this.changes.note('groups', id);
      return this.get(id)!;
    });
  }

  /** A group created in the app, not yet on the service (serviceId null, pending). */
  createLocal(profileId: string, input: AuthorsGroupCreate): AuthorsGroupRow {
    const { id } = this.db
      .prepare<[{ p: string; name: string; owner: string; editors: string; viewers: string; now: number }], { id: number }>(
        `INSERT INTO authors_groups (profile_id, name, owner_team, editor_teams_json, viewer_teams_json, origin, sync_state, created_at)
         VALUES (@p, @name, @owner, @editors, @viewers, 'created', 'pending', @now) RETURNING id`,
      )
      .get({
        p: profileId,
        name: input.group_name,
        owner: input.owner_team,
        editors: toJson(input.editor_teams),
        viewers: toJson(input.viewer_teams),
        now: this.clock.now(),
      })!;
    this.changes.note('groups', id);
    return this.get(id)!;
  }

  /** New values for a group not created on the service yet (its creation is edited before being sent again). */
  updateLocal(id: number, input: AuthorsGroupCreate): void {
    this.db
      .prepare(
        'UPDATE authors_groups SET name = ?, owner_team = ?, editor_teams_json = ?, viewer_teams_json = ? WHERE id = ? AND service_id IS NULL',
      )
      .run(input.group_name, input.owner_team, toJson(input.editor_teams), toJson(input.viewer_teams), id);
    this.changes.note('groups', id);
  }

  /** The service answered the creation with this id. */
  setServiceId(id: number, serviceId: number): void {
    this.db.prepare(`UPDATE authors_groups SET service_id = ?, sync_state = 'synced' WHERE id = ?`).run(serviceId, id);
    this.changes.note('groups', id);
  }

  /** The service answered for the group (a read of one of its authors succeeded). Returns whether it was not verified before. */
  markVerified(id: number): boolean {
    const verified =
      this.db.prepare('UPDATE authors_groups SET verified_at = ? WHERE id = ? AND verified_at IS NULL').run(this.clock.now(), id).changes >
      0;
    if (verified) this.changes.note('groups', id);
    return verified;
  }

  setSyncState(id: number, state: SyncState): void {
    this.db.prepare('UPDATE authors_groups SET sync_state = ? WHERE id = ?').run(state, id);
    this.changes.note('groups', id);
  }

  /** Removes a group and its authors from the cache only. */
  forget(id: number): void {
    this.db.prepare('DELETE FROM authors_groups WHERE id = ?').run(id);
    this.changes.note('groups', id);
  }

  authors(groupId: number): GroupAuthorRow[] {
    return this.db
      .prepare<[number], GroupAuthorDbRow>(
        'SELECT * FROM group_authors WHERE group_id = ? ORDER BY coalesce(name, client_id) COLLATE NOCASE',
      )
      .all(groupId)
      .map(toGroupAuthor);
  }

  author(groupId: number, clientId: string): GroupAuthorRow | undefined {
    const r = this.authorStmt.get(groupId, clientId);
    return r ? toGroupAuthor(r) : undefined;
  }

  /** Applies a full replace locally (fields left out become null, as on the service). */
  applyPut(groupId: number, clientId: string, body: AuthorFromGroupPut, state: GroupAuthorSyncState): void {
    this.applyLocal(groupId, clientId, [{ kind: 'author_put', body }], state, false);
  }

  /** Applies a partial update locally: only the fields given change. */
  applyPatch(groupId: number, clientId: string, body: AuthorFromGroupPatch, state: GroupAuthorSyncState): void {
    this.applyLocal(groupId, clientId, [{ kind: 'author_patch', body }], state, false);
  }

  /**
   * Rebuilds an author from the service's last known values and the writes still waiting for it, in
   * order (after one of them was discarded or edited): a value the service refused does not stay. An
   * author the service never answered for and with nothing waiting is removed.
   */
  rebase(groupId: number, clientId: string, waiting: readonly AuthorChange[], state: GroupAuthorSyncState): void {
    const base = this.authorStmt.get(groupId, clientId)?.base_json ?? null;
    if (base === null && waiting.length === 0) this.removeAuthor(groupId, clientId);
    else this.applyLocal(groupId, clientId, waiting, state, true);
  }

  /** The service accepted a write: its last known values are now these. */
  accepted(groupId: number, clientId: string, change: AuthorChange): void {
    const prev = this.authorStmt.get(groupId, clientId);
    if (!prev) return;
    const base = applyChange(fromJson<AuthorValues | null>(prev.base_json, null), change);
    this.db.prepare('UPDATE group_authors SET base_json = ? WHERE id = ?').run(toJson(base), prev.id);
  }

  /** Writes changes over the cached values (or, `fromBase`, over the service's last known ones), keeping the latter. */
  private applyLocal(groupId: number, clientId: string, changes: readonly AuthorChange[], state: GroupAuthorSyncState, fromBase: boolean) {
    const prev = this.authorStmt.get(groupId, clientId);
    const start = fromBase ? fromJson<AuthorValues | null>(prev?.base_json ?? null, null) : prev ? valuesOf(toGroupAuthor(prev)) : null;
    const v = changes.reduce<AuthorValues | null>(applyChange, start);
    this.writeAuthor(groupId, clientId, v, {
      linked_author_id: prev?.linked_author_id ?? null,
      linked_author_json: prev?.linked_author_json ?? null,
      raw_json: null,
      base_json: prev?.base_json ?? null,
      sync_state: state,
      fetched_at: prev?.fetched_at ?? null,
      updated_at: this.clock.now(),
    });
    this.changes.note('authors', groupId);
  }

  /** Stores an author as read from the service (§4.1), raw JSON kept. */
  saveFromService(groupId: number, clientId: string, value: AuthorFromGroup, raw: unknown): void {
    const now = this.clock.now();
    this.writeAuthor(groupId, clientId, serviceValues(value), {
      linked_author_id: value.author?.id ?? null,
      linked_author_json: value.author === null ? null : toJson(value.author),
      raw_json: toJson(raw),
      base_json: toJson(serviceValues(value)),
      sync_state: 'synced',
      fetched_at: now,
      updated_at: now,
    });
  }

  /** Inserts or replaces an author's row: its values (none known: all empty) and the row's own columns. */
  private writeAuthor(
    groupId: number,
    clientId: string,
    v: AuthorValues | null,
    row: Pick<
      GroupAuthorDbRow,
      'linked_author_id' | 'linked_author_json' | 'raw_json' | 'base_json' | 'sync_state' | 'fetched_at' | 'updated_at'
    >,
  ): void {
    this.upsertAuthorStmt.run({
      group_id: groupId,
      client_id: clientId,
      name: v?.name ?? null,
      emails_json: toJson(v?.emails ?? null),
      orcids_json: toJson(v?.orcids ?? null),
      articles_json: toJson(v?.articles ?? null),
      affiliations_json: toJson(v?.affiliations ?? null),
      custom_json: toJson(v?.customFields ?? {}),
      ...row,
    });
    this.changes.note('authors', groupId);
  }

  /**
   * Saves the service's version of an author unless a local change of it is waiting (queued, being
   * sent or refused), checked in the same transaction as the write. Returns that waiting local row
   * when it refused, else undefined.
   */
  saveFromServiceUnlessChanged(groupId: number, clientId: string, value: AuthorFromGroup, raw: unknown) {
    return this.changes.transaction(() => {
      const cached = this.author(groupId, clientId);
      if (cached && cached.syncState !== 'synced') {
        // Not shown while the editor's write waits, but what a refused write falls back to.
        this.db.prepare('UPDATE group_authors SET base_json = ? WHERE id = ?').run(toJson(serviceValues(value)), cached.id);
        return cached;
      }
      this.saveFromService(groupId, clientId, value, raw);
      return undefined;
    });
  }

  setAuthorState(groupId: number, clientId: string, state: GroupAuthorSyncState): void {
    this.db
      .prepare('UPDATE group_authors SET sync_state = ?, updated_at = ? WHERE group_id = ? AND client_id = ?')
      .run(state, this.clock.now(), groupId, clientId);
    this.changes.note('authors', groupId);
  }

  removeAuthor(groupId: number, clientId: string): void {
    this.db.prepare('DELETE FROM group_authors WHERE group_id = ? AND client_id = ?').run(groupId, clientId);
    this.changes.note('authors', groupId);
  }
}
