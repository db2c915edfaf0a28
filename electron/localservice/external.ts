// The endpoints of spec §4 under /api/external/.
import type { IncomingMessage } from 'node:http';
import type { Ctx } from './context';
import { articleUrl, profileUrl } from './context';
import { nowIso } from './db';
import {
  analyse,
  candidates,
  recommendJournals,
  type Bounds,
  type ExternalConflict,
  type ManuscriptAuthor,
  type ManuscriptInput,
} from './engine';
import { badRequest, HttpError, jsonObject, notFound, readJson, type Reply } from './http';
import { Float, stringify } from './json';
import { readForm } from './multipart';
import { parseSourceFile, SourceFileError, type ParsedManuscript } from './parse';
import {
  customFields,
  customFieldView,
  folderId,
  hasFeature,
  linkedAuthor,
  rfSettings,
  rfView,
  type CustomFieldRow,
  type OrgRow,
} from './store';
import type { Feature } from './config';

export type Handler = (ctx: Ctx, req: IncomingMessage, org: OrgRow, params: string[], query: URLSearchParams) => Promise<Reply>;

const FEATURE_LABEL: Record<Feature, string> = {
  authors_groups: 'Authors groups',
  referee_finder: 'Referee finder',
  recommend_journals: 'Recommend journals',
};

export function requireFeature(org: OrgRow, f: Feature): void {
  if (!hasFeature(org, f)) {
    throw new HttpError(403, 'feature_not_in_plan', `the ${FEATURE_LABEL[f]} feature (${f}) is not in this organization's plan`, f);
  }
}

const ok = (body: unknown): Reply => ({ status: 200, body });

// --- authors groups (§4.5) -----------------------------------------------------------------

export const createAuthorsGroup: Handler = async (ctx, req, org) => {
  requireFeature(org, 'authors_groups');
  const body = jsonObject(await readJson(req));
  const groupName = body.group_name;
  if (typeof groupName !== 'string' || !groupName.trim())
    throw badRequest('group_name is required and must be a non-empty string', 'group_name');
  if (typeof body.owner_team !== 'string' || !body.owner_team)
    throw badRequest('owner_team is required and must be a string', 'owner_team');
  const teamLists: Record<string, string[]> = {};
  for (const key of ['editor_teams', 'viewer_teams']) {
    const v = body[key];
    if (!Array.isArray(v) || v.some((t) => typeof t !== 'string'))
      throw badRequest(`${key} is required and must be an array of strings (empty allowed)`, key);
    teamLists[key] = v as string[];
  }
  const exists = ctx.db.prepare('SELECT 1 FROM teams WHERE org_id = ? AND name = ?');
  for (const [field, names] of [
    ['owner_team', [body.owner_team]],
    ['editor_teams', teamLists.editor_teams!],
    ['viewer_teams', teamLists.viewer_teams!],
  ] as const) {
    for (const t of names) if (!exists.get(org.id, t)) throw badRequest(`team "${t}" does not exist in the organization`, field);
  }
  const id = ctx.db.transaction(() =>
    Number(
      ctx.db
        .prepare('INSERT INTO authors_groups (org_id, name, owner_team, editor_teams, viewer_teams, created_at) VALUES (?, ?, ?, ?, ?, ?)')
        .run(org.id, groupName, body.owner_team, JSON.stringify(teamLists.editor_teams), JSON.stringify(teamLists.viewer_teams), nowIso())
        .lastInsertRowid,
    ),
  )();
  return ok({ authors_group_id: id });
};

// --- author from group (§4.1–4.4) ------------------------------------------------------------

const LIST_FIELDS = ['emails', 'orcids', 'articles', 'affiliations'] as const;

interface AuthorRecord {
  name: string | null;
  emails: string[] | null;
  orcids: string[] | null;
  articles: string[] | null;
  affiliations: string[] | null;
  custom: Record<string, unknown>;
}

function groupOf(ctx: Ctx, org: OrgRow, raw: string): number {
  if (!/^\d+$/.test(raw)) throw badRequest('group_id must be an integer', 'group_id');
  const id = Number(raw);
  const row = ctx.db.prepare('SELECT id FROM authors_groups WHERE id = ? AND org_id = ?').get(id, org.id);
  if (!row) throw notFound(`authors group ${id} does not exist`, 'group_id');
  return id;
}

function loadRecord(ctx: Ctx, group: number, clientId: string): (AuthorRecord & { author_id: number | null }) | undefined {
  const row = ctx.db.prepare('SELECT record, author_id FROM group_authors WHERE group_id = ? AND client_id = ?').get(group, clientId) as
    { record: string; author_id: number | null } | undefined;
  return row ? { ...(JSON.parse(row.record) as AuthorRecord), author_id: row.author_id } : undefined;
}

function checkDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
}

/** Validates a custom-field value against its data_kind (§2.9); returns the stored form. */
function customValue(f: CustomFieldRow, v: unknown): unknown {
  if (v === null) return null;
  const options = new Set((JSON.parse(f.options ?? '[]') as Array<{ api_id: string }>).map((o) => o.api_id));
  const bad = (what: string) => badRequest(`${f.api_id} (${f.name}) must be ${what}`, f.api_id);
  switch (f.data_kind) {
    case 'number':
      if (typeof v !== 'number' || !Number.isFinite(v)) throw bad('a number');
      return v;
    case 'str':
      if (typeof v !== 'string') throw bad('a string');
      return v;
    case 'date':
      if (typeof v !== 'string' || !checkDate(v)) throw bad('a date YYYY-MM-DD');
      return v;
    case 'single_option':
      if (typeof v !== 'string' || !options.has(v)) throw bad('the api_id of one of its options');
      return v;
    case 'multi_option':
      if (!Array.isArray(v) || v.some((x) => typeof x !== 'string' || !options.has(x))) throw bad('an array of api_ids of its options');
      return [...new Set(v as string[])];
    default:
      throw bad('a supported value');
  }
}

function parseAuthorBody(
  ctx: Ctx,
  org: OrgRow,
  body: Record<string, unknown>,
  full: boolean,
): Partial<AuthorRecord> & { custom: Record<string, unknown> } {
  const fields = new Map(customFields(ctx.db, org.id, 'author_from_group').map((f) => [f.api_id, f]));
  const out: Partial<AuthorRecord> & { custom: Record<string, unknown> } = { custom: {} };
  if (full || 'name' in body) {
    if (typeof body.name !== 'string' || !body.name.trim()) throw badRequest('name is required and must be a non-empty string', 'name');
    out.name = body.name;
  }
  for (const key of LIST_FIELDS) {
    if (!(key in body)) continue;
    const v = body[key];
    if (v !== null && (!Array.isArray(v) || v.some((x) => typeof x !== 'string')))
      throw badRequest(`${key} must be null or an array of strings`, key);
    out[key] = v as string[] | null;
  }
  for (const [key, v] of Object.entries(body)) {
    if (key === 'name' || key === 'author' || (LIST_FIELDS as readonly string[]).includes(key)) continue;
    const f = fields.get(key);
    if (!f) throw badRequest(`unknown field "${key}": not an author_from_group custom field of this organization`, key);
    out.custom[key] = customValue(f, v);
  }
  return out;
}

function saveRecord(ctx: Ctx, group: number, clientId: string, rec: AuthorRecord): void {
  const custom = Object.fromEntries(Object.entries(rec.custom).filter(([, v]) => v !== null));
  const stored: AuthorRecord = { ...rec, custom };
  const authorId = linkedAuthor(ctx.corpus, rec);
  ctx.db
    .prepare(
      `INSERT INTO group_authors (group_id, client_id, record, author_id, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT(group_id, client_id) DO UPDATE SET record = excluded.record, author_id = excluded.author_id, updated_at = excluded.updated_at`,
    )
    .run(group, clientId, JSON.stringify(stored), authorId, nowIso());
}

export const getAuthor: Handler = async (ctx, _req, org, [g, c]) => {
  requireFeature(org, 'authors_groups');
  const group = groupOf(ctx, org, g!);
  const rec = loadRecord(ctx, group, c!);
  if (!rec) throw notFound(`no author with client_id "${c}" in authors group ${group}`, 'client_id');
  const fields = new Map(customFields(ctx.db, org.id, 'author_from_group').map((f) => [f.api_id, f]));
  const body: Record<string, unknown> = {
    name: rec.name,
    emails: rec.emails,
    orcids: rec.orcids,
    articles: rec.articles,
    affiliations: rec.affiliations,
  };
  for (const [key, v] of Object.entries(rec.custom)) {
    const f = fields.get(key);
    if (!f) continue; // the field was deleted in the administration interface
    body[key] = f.data_kind === 'number' ? new Float(v as number) : v;
  }
  body.author = rec.author_id === null ? null : linkedAuthorView(ctx, rec.author_id);
  return ok(body);
};

function linkedAuthorView(ctx: Ctx, id: number) {
  const c = ctx.corpus;
  const a = c.authors.get(id);
  if (!a) return null;
  const last = [...(c.authorArticles.get(id) ?? [])]
    .sort((x, y) => c.year[y]! - c.year[x]! || c.articleIds[y]! - c.articleIds[x]!)
    .slice(0, 3)
    .map((i) => ({ prophy_url: articleUrl(ctx)(c.articleIds[i]!), title: c.title[i]!, year: c.year[i]! }));
  return {
    id,
    prophy_url: profileUrl(ctx)(id),
    name: c.authorName(a),
    articles_count: a.articles_count,
    h_index: a.h_index,
    last_articles: last,
  };
}

export const putAuthor: Handler = async (ctx, req, org, [g, c]) => {
  requireFeature(org, 'authors_groups');
  const group = groupOf(ctx, org, g!);
  const parsed = parseAuthorBody(ctx, org, jsonObject(await readJson(req)), true);
  ctx.db.transaction(() =>
    saveRecord(ctx, group, c!, {
      name: parsed.name!,
      emails: parsed.emails ?? null,
      orcids: parsed.orcids ?? null,
      articles: parsed.articles ?? null,
      affiliations: parsed.affiliations ?? null,
      custom: parsed.custom,
    }),
  )();
  return ok({ ok: true });
};

export const patchAuthor: Handler = async (ctx, req, org, [g, c]) => {
  requireFeature(org, 'authors_groups');
  const group = groupOf(ctx, org, g!);
  const parsed = parseAuthorBody(ctx, org, jsonObject(await readJson(req)), false);
  ctx.db.transaction(() => {
    const rec = loadRecord(ctx, group, c!);
    if (!rec) throw notFound(`no author with client_id "${c}" in authors group ${group}`, 'client_id');
    const { author_id: _linked, ...current } = rec;
    const next: AuthorRecord = { ...current, custom: { ...current.custom, ...parsed.custom } };
    if (parsed.name !== undefined) next.name = parsed.name;
    for (const key of LIST_FIELDS) if (parsed[key] !== undefined) next[key] = parsed[key];
    saveRecord(ctx, group, c!, next);
  })();
  return ok({ ok: true });
};

export const deleteAuthor: Handler = async (ctx, _req, org, [g, c]) => {
  requireFeature(org, 'authors_groups');
  const group = groupOf(ctx, org, g!);
  const changes = ctx.db.transaction(
    () => ctx.db.prepare('DELETE FROM group_authors WHERE group_id = ? AND client_id = ?').run(group, c!).changes,
  )();
  if (!changes) throw notFound(`no author with client_id "${c}" in authors group ${group}`, 'client_id');
  return ok({ ok: true });
};

// --- custom fields (§4.8) --------------------------------------------------------------------

export const listCustomFields: Handler = async (ctx, _req, org) => {
  const all = customFields(ctx.db, org.id);
  const by = (scope: string) => all.filter((f) => f.scope === scope).map(customFieldView);
  return ok({ author_from_group: by('author_from_group'), folder: by('folder'), proposal: by('proposal') });
};

// --- manuscript upload (§4.6) ----------------------------------------------------------------

const REQUIRED = ['api_key', 'folder', 'origin_id', 'title', 'abstract', 'authors_count'] as const;
const BOUNDS = [
  ['min_h_index', 'max_h_index'],
  ['min_academic_age', 'max_academic_age'],
  ['min_articles_count', 'max_articles_count'],
] as const;

interface StoredAuthors {
  list: ManuscriptAuthor[];
  extra_emails: string[];
  extra_orcids: string[];
}

/** The spec's author lists are a manuscript's (§8 names no maximum): a bound keeps one request
 * from making the service loop or allocate without limit. */
export const MAX_AUTHORS = 1_000;

function parseAuthors(fields: Map<string, string>, count: number): ManuscriptAuthor[] {
  const byK = new Map<number, ManuscriptAuthor>();
  for (const [name, value] of fields) {
    const m = /^author(\d+)_(name|aff|orcid|email)$/.exec(name);
    if (!m) continue;
    const k = Number(m[1]);
    if (k < 1 || m[1]!.startsWith('0')) throw badRequest(`${name}: authors are numbered from 1, without leading zeros`, name);
    if (k > count) throw badRequest(`authors_count is ${count} but ${name} was given`, 'authors_count');
    const a = byK.get(k) ?? { name: null, aff: null, orcid: null, email: null };
    const v = value.trim() || null;
    const kind = m[2] as 'name' | 'aff' | 'orcid' | 'email';
    if (kind === 'orcid' && v && !/^(https?:\/\/orcid\.org\/)?\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/i.test(v))
      throw badRequest(`${name} is not an ORCID iD`, name);
    if (kind === 'email' && v && !/^[^@\s]+@[^@\s]+$/.test(v)) throw badRequest(`${name} is not an email address`, name);
    a[kind] = v;
    byK.set(k, a);
  }
  if (byK.size === 0) return [];
  const missing: number[] = [];
  for (let k = 1; k <= count; k++) if (!byK.has(k)) missing.push(k);
  if (missing.length) {
    throw badRequest(
      `authors_count is ${count} but author${missing.map((k) => `${k}`).join(', author')} ${missing.length > 1 ? 'are' : 'is'} missing`,
      'authors_count',
    );
  }
  // Every authorK_* field is optional (§4.6): an author known only by an affiliation or an ORCID is kept.
  return [...byK.entries()].sort((x, y) => x[0] - y[0]).map(([, a]) => a);
}

export const uploadManuscript: Handler = async (ctx, req, org) => {
  const form = await readForm(req, ctx.config.upload?.max_file_bytes ?? 50 << 20);
  const f = form.fields;
  for (const key of REQUIRED) {
    if (!f.has(key) || !f.get(key)!.trim()) throw badRequest(`${key} is required`, key);
  }
  if (f.get('api_key') !== org.api_key)
    throw new HttpError(401, 'unauthorized', 'the api_key form field does not match the X-ApiKey header', 'api_key');
  const exclude = (f.get('exclude_candidates') ?? '') !== '';
  if (!exclude) requireFeature(org, 'referee_finder');
  const countRaw = f.get('authors_count')!.trim();
  if (!/^\d+$/.test(countRaw)) throw badRequest('authors_count must be a non-negative integer', 'authors_count');
  if (countRaw.length > 7 || Number(countRaw) > MAX_AUTHORS)
    throw badRequest(`authors_count is ${countRaw}; at most ${MAX_AUTHORS} authors are accepted`, 'authors_count');
  const authorsCount = Number(countRaw);
  const given = parseAuthors(f, authorsCount);
  const bounds: Bounds = {};
  for (const pair of BOUNDS) {
    for (const key of pair) {
      const raw = f.get(key)?.trim();
      if (raw === undefined || raw === '') continue;
      if (!/^-?\d+$/.test(raw)) throw badRequest(`${key} must be an integer`, key);
      bounds[key] = Number(raw);
    }
    const [lo, hi] = pair;
    if (bounds[lo] !== undefined && bounds[hi] !== undefined && bounds[lo]! > bounds[hi]!)
      throw badRequest(`${lo} is greater than ${hi}`, lo);
  }

  let parsed: ParsedManuscript | null = null;
  const file = form.file && (form.file.data.length > 0 || form.file.filename) ? form.file : null;
  if (file) {
    try {
      parsed = await parseSourceFile(file.data);
    } catch (err) {
      if (err instanceof SourceFileError) throw badRequest(err.message, 'source_file');
      throw err;
    }
  }

  // Organisation setting (§4.6 rule 4): parsed data first, or the supplied metadata first.
  const preferParsed = org.prefer === 'parsed' && parsed !== null;
  const title = (preferParsed && parsed!.title) || f.get('title')!;
  const abstract = (preferParsed && parsed!.abstract) || f.get('abstract')!;
  const parsedAuthors: ManuscriptAuthor[] = (parsed?.authors ?? []).map((name) => ({ name, aff: null, orcid: null, email: null }));
  // §8: authors_count is a parse check. With the authors only in the file, the file must name as
  // many as the form counts (the form's own authorK_* fields were checked in parseAuthors).
  if (given.length === 0 && parsedAuthors.length > 0 && authorsCount > 0 && parsedAuthors.length !== authorsCount) {
    throw badRequest(
      `authors_count is ${authorsCount} but ${parsedAuthors.length} ` +
        `author${parsedAuthors.length === 1 ? ' was' : 's were'} parsed from source_file; send the ` +
        `authors as author1_name … author${authorsCount}_name`,
      'authors_count',
    );
  }
  const useParsedAuthors = parsedAuthors.length > 0 && (preferParsed || given.length === 0);
  const authors = useParsedAuthors ? parsedAuthors : given;
  const fileIds = useParsedAuthors || given.length === 0;
  const stored: StoredAuthors = {
    list: authors,
    extra_emails: fileIds ? (parsed?.emails ?? []) : [],
    extra_orcids: fileIds ? (parsed?.orcids ?? []) : [],
  };
  const input: ManuscriptInput = {
    title,
    abstract,
    text: parsed?.text ?? '',
    authors,
    extraEmails: stored.extra_emails,
    extraOrcids: stored.extra_orcids,
    references: parsed?.references ?? [],
  };
  const analysis = analyse(ctx.corpus, input);
  const debugInfo = {
    source_file: file ? file.filename || null : null,
    parsed_text_len: parsed?.text.length ?? 0,
    parsed_references: parsed?.references.length ?? 0,
    extracted_concepts: analysis.concepts.length,
    authors_info: {
      authors_count: authors.length,
      emails_count: new Set([...authors.map((a) => a.email).filter(Boolean), ...stored.extra_emails]).size,
      orcids_count: new Set([...authors.map((a) => a.orcid).filter(Boolean), ...stored.extra_orcids]).size,
    },
  };
  const originId = f.get('origin_id')!;

  return ctx.db.transaction((): Reply => {
    const folder = folderId(ctx.db, org.id, f.get('folder')!);
    const now = nowIso();
    const existing = ctx.db.prepare('SELECT id FROM manuscripts WHERE org_id = ? AND origin_id = ?').get(org.id, originId) as
      { id: number } | undefined;
    const columns = [
      folder,
      title,
      abstract,
      JSON.stringify(stored),
      input.text,
      JSON.stringify(input.references),
      file?.filename || null,
      JSON.stringify({ bounds, exclude }),
    ];
    let id: number;
    if (existing) {
      id = existing.id;
      ctx.db
        .prepare(
          'UPDATE manuscripts SET folder_id = ?, title = ?, abstract = ?, authors = ?, text = ?, refs = ?, ' +
            'source_file = ?, filters = ?, updated_at = ?, runs = runs + 1 WHERE id = ?',
        )
        .run(...columns, now, id);
    } else {
      id = Number(
        ctx.db
          .prepare(
            `INSERT INTO manuscripts (org_id, origin_id, folder_id, title, abstract, authors, text, refs, source_file, filters,
               debug_info, created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '{}', ?, ?)`,
          )
          .run(org.id, originId, ...columns, now, now).lastInsertRowid,
      );
    }
    const rf = rfSettings(ctx.db, folder);
    const list = exclude
      ? null
      : candidates(ctx.corpus, analysis, {
          bounds,
          excludeConflicted: org.conflicts === 'exclude',
          excludeWithoutEmail: org.without_email === 'exclude',
          limit: org.candidates_limit,
          rf,
          externalConflicts: externalConflicts(ctx, org.id, originId),
          marked: markedSet(ctx, id),
          referenceYear: ctx.referenceYear,
          profileUrl: profileUrl(ctx),
          articleUrl: articleUrl(ctx),
        });
    ctx.db
      .prepare('UPDATE manuscripts SET candidates = ?, debug_info = ? WHERE id = ?')
      .run(list ? stringify(list) : null, JSON.stringify(debugInfo), id);
    return ok({
      version: 6,
      manuscript_id: id,
      origin_id: originId,
      candidates: list,
      authors_groups_settings: rfView(rf),
      debug_info: debugInfo,
    });
  })();
};

export function externalConflicts(ctx: Ctx, orgId: number, originId: string): ExternalConflict[] {
  return ctx.db
    .prepare('SELECT author_id, orcid, email, reason FROM external_conflicts WHERE org_id = ? AND (origin_id IS NULL OR origin_id = ?)')
    .all(orgId, originId) as ExternalConflict[];
}

export function markedSet(ctx: Ctx, manuscriptId: number): Set<number> {
  const rows = ctx.db.prepare('SELECT author_id FROM marks WHERE manuscript_id = ? AND marked = 1').all(manuscriptId) as Array<{
    author_id: number;
  }>;
  return new Set(rows.map((r) => r.author_id));
}

export interface ManuscriptRow {
  id: number;
  org_id: number;
  origin_id: string;
  folder_id: number;
  title: string;
  abstract: string;
  authors: string;
  text: string;
  refs: string;
  candidates: string | null;
}

export function manuscriptInput(row: ManuscriptRow): ManuscriptInput {
  const a = JSON.parse(row.authors) as StoredAuthors;
  return {
    title: row.title,
    abstract: row.abstract,
    text: row.text,
    authors: a.list,
    extraEmails: a.extra_emails,
    extraOrcids: a.extra_orcids,
    references: JSON.parse(row.refs) as string[],
  };
}

// --- journal recommendation (§4.7) -----------------------------------------------------------

export const recommendJournalsHandler: Handler = async (ctx, _req, org, [originId], query) => {
  requireFeature(org, 'recommend_journals');
  const corpusParam = query.get('journals_corpus') ?? 'all_journals';
  if (corpusParam !== 'all_journals' && corpusParam !== 'org_journals') {
    throw badRequest('journals_corpus must be all_journals or org_journals', 'journals_corpus');
  }
  const row = ctx.db.prepare('SELECT * FROM manuscripts WHERE org_id = ? AND origin_id = ?').get(org.id, originId!) as
    ManuscriptRow | undefined;
  if (!row) throw notFound(`no manuscript uploaded with origin_id "${originId}"`, 'origin_id');
  const links = ctx.db
    .prepare(
      `SELECT fj.journal_id AS journal_id, f.id AS folder_id, f.name AS folder_name FROM folder_journals fj
       JOIN folders f ON f.id = fj.folder_id WHERE f.org_id = ? ORDER BY (f.id = ?) DESC, f.id`,
    )
    .all(org.id, row.folder_id) as Array<{ journal_id: number; folder_id: number; folder_name: string }>;
  const linkMap = new Map<number, { folder_id: number; folder_name: string }>();
  for (const l of links) if (!linkMap.has(l.journal_id)) linkMap.set(l.journal_id, { folder_id: l.folder_id, folder_name: l.folder_name });
  const only = corpusParam === 'org_journals' ? new Set(linkMap.keys()) : null;
  if (only && only.size === 0) return ok({ recommended_journals: [] });
  const analysis = analyse(ctx.corpus, manuscriptInput(row));
  return ok({ recommended_journals: recommendJournals(ctx.corpus, analysis, { onlyJournals: only, links: linkMap, limit: 20 }) });
};

export function externalConflictsView(ctx: Ctx, orgId: number): unknown[] {
  return ctx.db
    .prepare('SELECT id, author_id, orcid, email, origin_id, reason FROM external_conflicts WHERE org_id = ? ORDER BY id')
    .all(orgId);
}
