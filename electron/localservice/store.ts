// Queries shared by the external API and the admin surface.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from './db';
import type { Corpus } from './corpus/model';
import type { GroupSetting, RfSettings } from './engine';
import type { Feature, OrgConfig } from './config';
import { Float } from './json';
import { nameKey, normEmail, normOrcid } from './text';

export interface OrgRow {
  id: number;
  name: string;
  api_key: string;
  feature_authors_groups: number;
  feature_referee_finder: number;
  feature_recommend_journals: number;
  prefer: 'parsed' | 'metadata';
  conflicts: 'include' | 'exclude';
  without_email: 'include' | 'exclude';
  candidates_limit: number;
  webhook_order: number;
}

export interface CustomFieldRow {
  api_id: string;
  org_id: number;
  scope: string;
  data_kind: string;
  name: string;
  description: string | null;
  options: string | null;
  position: number;
}

export interface StoredRf {
  authors_groups: Array<{ id: number; label: string | null }>;
  effect: 'highlight' | 'limit_to' | 'boost';
  boost_multiplier?: number;
}

export const newApiKey = (): string => randomBytes(20).toString('hex');

export function orgByKey(db: Db, key: string): OrgRow | undefined {
  return db.prepare('SELECT * FROM orgs WHERE api_key = ?').get(key) as OrgRow | undefined;
}

export function orgById(db: Db, id: number): OrgRow | undefined {
  return db.prepare('SELECT * FROM orgs WHERE id = ?').get(id) as OrgRow | undefined;
}

export function hasFeature(org: OrgRow, f: Feature): boolean {
  return org[`feature_${f}`] === 1;
}

export function orgView(org: OrgRow) {
  return {
    id: org.id,
    name: org.name,
    api_key: org.api_key,
    features: {
      authors_groups: org.feature_authors_groups === 1,
      referee_finder: org.feature_referee_finder === 1,
      recommend_journals: org.feature_recommend_journals === 1,
    },
    settings: { prefer: org.prefer, conflicts: org.conflicts, without_email: org.without_email, candidates_limit: org.candidates_limit },
  };
}

export function createOrg(db: Db, cfg: OrgConfig): OrgRow {
  const id = Number(db.prepare('INSERT INTO orgs (name, api_key) VALUES (?, ?)').run(cfg.name, cfg.api_key ?? newApiKey()).lastInsertRowid);
  updateOrg(db, id, cfg);
  for (const t of cfg.teams ?? []) db.prepare('INSERT OR IGNORE INTO teams (org_id, name) VALUES (?, ?)').run(id, t);
  for (const f of cfg.custom_fields ?? []) addCustomField(db, id, f);
  for (const url of cfg.webhooks ?? []) addReceiver(db, id, url);
  return orgById(db, id)!;
}

export function updateOrg(db: Db, id: number, cfg: Partial<OrgConfig>): void {
  if (cfg.name !== undefined) db.prepare('UPDATE orgs SET name = ? WHERE id = ?').run(cfg.name, id);
  if (cfg.api_key !== undefined) db.prepare('UPDATE orgs SET api_key = ? WHERE id = ?').run(cfg.api_key, id);
  for (const [k, v] of Object.entries(cfg.features ?? {})) {
    if (v !== undefined) db.prepare(`UPDATE orgs SET feature_${k} = ? WHERE id = ?`).run(v ? 1 : 0, id);
  }
  for (const [k, v] of Object.entries(cfg.settings ?? {})) {
    if (v !== undefined) db.prepare(`UPDATE orgs SET ${k} = ? WHERE id = ?`).run(v, id);
  }
}

export function addCustomField(
  db: Db,
  orgId: number,
  f: {
    api_id?: string;
    scope: string;
    data_kind: string;
    name: string;
    description?: string | null;
    options?: Array<string | { api_id?: string; option: string }>;
  },
): string {
  const apiId = f.api_id ?? randomUUID();
  const withOptions = f.data_kind === 'single_option' || f.data_kind === 'multi_option';
  const options = withOptions
    ? (f.options ?? []).map((o) =>
        typeof o === 'string' ? { api_id: randomUUID(), option: o } : { api_id: o.api_id ?? randomUUID(), option: o.option },
      )
    : null;
  const pos = (db.prepare('SELECT COUNT(*) AS n FROM custom_fields WHERE org_id = ?').get(orgId) as { n: number }).n;
  db.prepare(
    'INSERT INTO custom_fields (api_id, org_id, scope, data_kind, name, description, options, position) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  ).run(apiId, orgId, f.scope, f.data_kind, f.name, f.description ?? null, options ? JSON.stringify(options) : null, pos);
  return apiId;
}

export function customFields(db: Db, orgId: number, scope?: string): CustomFieldRow[] {
  return (
    scope
      ? db.prepare('SELECT * FROM custom_fields WHERE org_id = ? AND scope = ? ORDER BY position').all(orgId, scope)
      : db.prepare('SELECT * FROM custom_fields WHERE org_id = ? ORDER BY position').all(orgId)
  ) as CustomFieldRow[];
}

/** §2.9 shape: options only for the option kinds. */
export function customFieldView(f: CustomFieldRow) {
  const out: Record<string, unknown> = { api_id: f.api_id, data_kind: f.data_kind, name: f.name, description: f.description };
  if (f.data_kind === 'single_option' || f.data_kind === 'multi_option') out.options = JSON.parse(f.options ?? '[]');
  return out;
}

export function addReceiver(db: Db, orgId: number, url: string): number {
  return Number(
    db.prepare('INSERT INTO webhook_receivers (org_id, url, created_at) VALUES (?, ?, ?)').run(orgId, url, new Date().toISOString())
      .lastInsertRowid,
  );
}

export function folderId(db: Db, orgId: number, name: string): number {
  const row = db.prepare('SELECT id FROM folders WHERE org_id = ? AND name = ?').get(orgId, name) as { id: number } | undefined;
  if (row) return row.id;
  return Number(db.prepare('INSERT INTO folders (org_id, name) VALUES (?, ?)').run(orgId, name).lastInsertRowid);
}

/** The folder's Referee Finder settings with group names and linked members, or null when they name no groups. */
export function rfSettings(db: Db, folder: number): RfSettings | null {
  const row = db.prepare('SELECT rf_settings FROM folders WHERE id = ?').get(folder) as { rf_settings: string | null } | undefined;
  if (!row?.rf_settings) return null;
  const stored = JSON.parse(row.rf_settings) as StoredRf;
  const groups: GroupSetting[] = [];
  for (const g of stored.authors_groups) {
    const grp = db.prepare('SELECT id, name FROM authors_groups WHERE id = ?').get(g.id) as { id: number; name: string } | undefined;
    if (!grp) continue;
    const members = new Map<number, string[]>();
    for (const m of db
      .prepare('SELECT author_id, client_id FROM group_authors WHERE group_id = ? AND author_id IS NOT NULL ORDER BY client_id')
      .all(grp.id) as Array<{ author_id: number; client_id: string }>) {
      (members.get(m.author_id) ?? members.set(m.author_id, []).get(m.author_id)!).push(m.client_id);
    }
    groups.push({ id: grp.id, name: grp.name, label: g.label, members });
  }
  if (!groups.length) return null;
  return { groups, effect: stored.effect, boost_multiplier: stored.boost_multiplier ?? 1 };
}

/** §2.6 authors_groups_settings (boost_multiplier only with boost). */
export function rfView(rf: RfSettings | null, withMultiplier = true): Record<string, unknown> | null {
  if (!rf) return null;
  const out: Record<string, unknown> = {
    authors_groups: rf.groups.map((g) => ({ id: g.id, name: g.name, label: g.label })),
    effect: rf.effect,
  };
  if (withMultiplier && rf.effect === 'boost') out.boost_multiplier = new Float(rf.boost_multiplier);
  return out;
}

/** §2.2: the corpus author a record is — by ORCID, email, or name confirmed by an affiliation or an article. */
export function linkedAuthor(
  corpus: Corpus,
  rec: {
    emails?: string[] | null;
    orcids?: string[] | null;
    name?: string | null;
    affiliations?: string[] | null;
    articles?: string[] | null;
  },
): number | null {
  for (const o of rec.orcids ?? []) {
    const hit = corpus.byOrcid.get(normOrcid(o) ?? '');
    if (hit?.length) return hit[0]!;
  }
  for (const e of rec.emails ?? []) {
    const hit = corpus.byEmail.get(normEmail(e));
    if (hit?.length) return hit[0]!;
  }
  if (!rec.name) return null;
  const insts = new Set((rec.affiliations ?? []).flatMap((a) => corpus.institutionsIn(a).map((i) => i.id)));
  const arts = new Set((rec.articles ?? []).map((a) => corpus.findArticle(a)).filter((a): a is number => a !== undefined));
  for (const id of corpus.byNameKey.get(nameKey(rec.name)) ?? []) {
    if ((corpus.affiliations.get(id) ?? []).some((h) => insts.has(h.institution_id))) return id;
    if ((corpus.authorArticles.get(id) ?? []).some((a) => arts.has(a))) return id;
  }
  return null;
}
