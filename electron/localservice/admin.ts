// The admin surface: stands in for the service's own user interface. Off unless enabled,
// token-protected, outside /api/external/. JSON in, JSON out.
import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import { customFieldSchema, faultRuleSchema, featuresSchema, orgConfigSchema, orgSettingsSchema } from './config';
import type { Ctx } from './context';
import { importOpenAlex } from './corpus/openalex';
import { importSeedArticles } from './corpus/seed-articles';
import { nowIso } from './db';
import { academicAge, analyse, candidateBase } from './engine';
import { externalConflictsView, manuscriptInput, type ManuscriptRow } from './external';
import { badRequest, HttpError, jsonObject, notFound, readBody, readJson, type Reply } from './http';
import { Float, stringify } from './json';
import {
  addCustomField,
  addReceiver,
  createOrg,
  customFields,
  customFieldView,
  folderId,
  newApiKey,
  orgById,
  orgView,
  rfSettings,
  rfView,
  updateOrg,
  type OrgRow,
} from './store';
import { profileUrl } from './context';
import { authorsGroupsOf } from './engine';

type AdminHandler = (ctx: Ctx, req: IncomingMessage, params: string[], query: URLSearchParams) => Promise<Reply>;
interface AdminRoute {
  method: string;
  path: string;
  pattern: RegExp;
  handler: AdminHandler;
  doc: string;
}

const ok = (body: unknown): Reply => ({ status: 200, body });

function parse<T extends z.ZodType>(schema: T, v: unknown): z.output<T> {
  const r = schema.safeParse(v);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw badRequest(`${issue.path.join('.') || 'body'}: ${issue.message}`, issue.path.length ? issue.path.join('.') : undefined);
  }
  return r.data;
}

function org(ctx: Ctx, raw: string): OrgRow {
  const o = /^\d+$/.test(raw) ? orgById(ctx.db, Number(raw)) : undefined;
  if (!o) throw notFound(`organization ${raw} does not exist`, 'org_id');
  return o;
}

function manuscript(ctx: Ctx, o: OrgRow, originId: string): ManuscriptRow {
  const m = ctx.db.prepare('SELECT * FROM manuscripts WHERE org_id = ? AND origin_id = ?').get(o.id, originId) as ManuscriptRow | undefined;
  if (!m) throw notFound(`no manuscript with origin_id "${originId}"`, 'origin_id');
  return m;
}

const tx = <T>(ctx: Ctx, fn: () => T): T => ctx.db.transaction(fn)();

const routes: AdminRoute[] = [];
function route(method: string, path: string, doc: string, handler: AdminHandler): void {
  const pattern = new RegExp(`^${path.replace(/:[a-z_]+/g, '([^/]+)')}$`);
  routes.push({ method, path, pattern, handler, doc });
}

route('GET', '/admin/', 'this list', async () => ok({ routes: routes.map((r) => ({ method: r.method, path: r.path, doc: r.doc })) }));

// --- organizations, keys, plan, settings ---------------------------------------------------
route('GET', '/admin/orgs/', 'list organizations', async (ctx) =>
  ok({ orgs: (ctx.db.prepare('SELECT * FROM orgs ORDER BY id').all() as OrgRow[]).map(orgView) }),
);
route(
  'POST',
  '/admin/orgs/',
  'create an organization {name, api_key?, features?, settings?, teams?, custom_fields?, webhooks?}',
  async (ctx, req) => {
    const cfg = parse(orgConfigSchema, await readJson(req));
    if (cfg.api_key && ctx.db.prepare('SELECT 1 FROM orgs WHERE api_key = ?').get(cfg.api_key))
      throw new HttpError(409, 'conflict', 'api_key already in use', 'api_key');
    return ok(orgView(tx(ctx, () => createOrg(ctx.db, cfg))));
  },
);
route('GET', '/admin/orgs/:org/', 'one organization', async (ctx, _req, [o]) => ok(orgView(org(ctx, o!))));
route('PATCH', '/admin/orgs/:org/', 'change name, api_key, features (plan) or settings', async (ctx, req, [o]) => {
  const target = org(ctx, o!);
  const body = parse(
    z
      .object({ name: z.string().min(1), api_key: z.string().min(8), features: featuresSchema, settings: orgSettingsSchema })
      .partial()
      .strict(),
    await readJson(req),
  );
  tx(ctx, () => updateOrg(ctx.db, target.id, body));
  return ok(orgView(orgById(ctx.db, target.id)!));
});
route(
  'PUT',
  '/admin/orgs/:org/features/',
  'set plan features {authors_groups?, referee_finder?, recommend_journals?}',
  async (ctx, req, [o]) => {
    const target = org(ctx, o!);
    const features = parse(featuresSchema, await readJson(req));
    tx(ctx, () => updateOrg(ctx.db, target.id, { features }));
    return ok(orgView(orgById(ctx.db, target.id)!));
  },
);
route(
  'PUT',
  '/admin/orgs/:org/settings/',
  'organization upload settings {prefer, conflicts, without_email, candidates_limit}',
  async (ctx, req, [o]) => {
    const target = org(ctx, o!);
    const settings = parse(orgSettingsSchema, await readJson(req));
    tx(ctx, () => updateOrg(ctx.db, target.id, { settings }));
    return ok(orgView(orgById(ctx.db, target.id)!));
  },
);
route('POST', '/admin/orgs/:org/rotate-key/', 'issue a new API key (the old one stops working)', async (ctx, _req, [o]) => {
  const target = org(ctx, o!);
  const key = newApiKey();
  tx(ctx, () => updateOrg(ctx.db, target.id, { api_key: key }));
  return ok({ api_key: key });
});

// --- teams, custom fields, groups ----------------------------------------------------------
route('GET', '/admin/orgs/:org/teams/', 'list teams', async (ctx, _req, [o]) =>
  ok({
    teams: (ctx.db.prepare('SELECT name FROM teams WHERE org_id = ? ORDER BY name').all(org(ctx, o!).id) as Array<{ name: string }>).map(
      (t) => t.name,
    ),
  }),
);
route('POST', '/admin/orgs/:org/teams/', 'create a team {name}', async (ctx, req, [o]) => {
  const target = org(ctx, o!);
  const { name } = parse(z.object({ name: z.string().min(1) }).strict(), await readJson(req));
  tx(ctx, () => ctx.db.prepare('INSERT OR IGNORE INTO teams (org_id, name) VALUES (?, ?)').run(target.id, name));
  return ok({ name });
});
route('DELETE', '/admin/orgs/:org/teams/:name/', 'delete a team', async (ctx, _req, [o, name]) => {
  const n = tx(ctx, () => ctx.db.prepare('DELETE FROM teams WHERE org_id = ? AND name = ?').run(org(ctx, o!).id, name!).changes);
  if (!n) throw notFound(`no team "${name}"`, 'name');
  return ok({ ok: true });
});
route('GET', '/admin/orgs/:org/custom-fields/', 'list custom fields with scope', async (ctx, _req, [o]) =>
  ok({ custom_fields: customFields(ctx.db, org(ctx, o!).id).map((f) => ({ scope: f.scope, ...customFieldView(f) })) }),
);
route(
  'POST',
  '/admin/orgs/:org/custom-fields/',
  'create a custom field {scope, data_kind, name, description?, options?}',
  async (ctx, req, [o]) => {
    const target = org(ctx, o!);
    const f = parse(customFieldSchema, await readJson(req));
    const id = tx(ctx, () => addCustomField(ctx.db, target.id, f));
    const row = customFields(ctx.db, target.id).find((x) => x.api_id === id)!;
    return ok({ scope: row.scope, ...customFieldView(row) });
  },
);
route('DELETE', '/admin/orgs/:org/custom-fields/:api_id/', 'delete a custom field', async (ctx, _req, [o, id]) => {
  const n = tx(ctx, () => ctx.db.prepare('DELETE FROM custom_fields WHERE org_id = ? AND api_id = ?').run(org(ctx, o!).id, id!).changes);
  if (!n) throw notFound(`no custom field ${id}`, 'api_id');
  return ok({ ok: true });
});
route('GET', '/admin/orgs/:org/groups/', 'authors groups with their authors and linked corpus authors', async (ctx, _req, [o]) => {
  const target = org(ctx, o!);
  const groups = ctx.db.prepare('SELECT * FROM authors_groups WHERE org_id = ? ORDER BY id').all(target.id) as Array<
    Record<string, unknown>
  >;
  return ok({
    groups: groups.map((g) => ({
      id: g.id,
      group_name: g.name,
      owner_team: g.owner_team,
      editor_teams: JSON.parse(g.editor_teams as string),
      viewer_teams: JSON.parse(g.viewer_teams as string),
      authors: (
        ctx.db.prepare('SELECT client_id, record, author_id FROM group_authors WHERE group_id = ? ORDER BY client_id').all(g.id) as Array<{
          client_id: string;
          record: string;
          author_id: number | null;
        }>
      ).map((a) => ({ client_id: a.client_id, author_id: a.author_id, ...JSON.parse(a.record) })),
    })),
  });
});

// --- folders: Referee Finder settings and journals ----------------------------------------
route('GET', '/admin/orgs/:org/folders/', 'folders with settings and linked journals', async (ctx, _req, [o]) => {
  const target = org(ctx, o!);
  const rows = ctx.db.prepare('SELECT id, name, rf_settings FROM folders WHERE org_id = ? ORDER BY id').all(target.id) as Array<{
    id: number;
    name: string;
    rf_settings: string | null;
  }>;
  return ok({
    folders: rows.map((f) => ({
      id: f.id,
      name: f.name,
      referee_finder_settings: f.rf_settings ? JSON.parse(f.rf_settings) : null,
      journal_ids: (
        ctx.db.prepare('SELECT journal_id FROM folder_journals WHERE folder_id = ? ORDER BY journal_id').all(f.id) as Array<{
          journal_id: number;
        }>
      ).map((j) => j.journal_id),
    })),
  });
});
const rfSchema = z
  .object({
    authors_groups: z.array(z.object({ id: z.number().int(), label: z.string().nullable().default(null) }).strict()),
    effect: z.enum(['highlight', 'limit_to', 'boost']),
    boost_multiplier: z.number().positive().optional(),
  })
  .strict();
route(
  'PUT',
  '/admin/orgs/:org/folders/:name/settings/',
  'Referee Finder settings {authors_groups: [{id, label?}], effect, boost_multiplier?} (creates the folder)',
  async (ctx, req, [o, name]) => {
    const target = org(ctx, o!);
    const s = parse(rfSchema, await readJson(req));
    if (s.effect === 'boost' && s.boost_multiplier === undefined)
      throw badRequest('boost_multiplier is required with effect boost', 'boost_multiplier');
    for (const g of s.authors_groups) {
      if (!ctx.db.prepare('SELECT 1 FROM authors_groups WHERE id = ? AND org_id = ?').get(g.id, target.id))
        throw badRequest(`authors group ${g.id} does not exist`, 'authors_groups');
    }
    const id = tx(ctx, () => {
      const fid = folderId(ctx.db, target.id, name!);
      ctx.db.prepare('UPDATE folders SET rf_settings = ? WHERE id = ?').run(JSON.stringify(s), fid);
      return fid;
    });
    return ok({ folder_id: id, authors_groups_settings: rfView(rfSettings(ctx.db, id)) });
  },
);
route('DELETE', '/admin/orgs/:org/folders/:name/settings/', 'clear the folder Referee Finder settings', async (ctx, _req, [o, name]) => {
  const target = org(ctx, o!);
  tx(ctx, () => ctx.db.prepare('UPDATE folders SET rf_settings = NULL WHERE org_id = ? AND name = ?').run(target.id, name!));
  return ok({ ok: true });
});
route(
  'PUT',
  '/admin/orgs/:org/folders/:name/journals/',
  'link journals to a folder {journal_ids} (replaces; creates the folder)',
  async (ctx, req, [o, name]) => {
    const target = org(ctx, o!);
    const { journal_ids } = parse(z.object({ journal_ids: z.array(z.number().int()) }).strict(), await readJson(req));
    for (const j of journal_ids) if (!ctx.corpus.journals.has(j)) throw badRequest(`journal ${j} does not exist`, 'journal_ids');
    const id = tx(ctx, () => {
      const fid = folderId(ctx.db, target.id, name!);
      ctx.db.prepare('DELETE FROM folder_journals WHERE folder_id = ?').run(fid);
      for (const j of journal_ids) ctx.db.prepare('INSERT INTO folder_journals (folder_id, journal_id) VALUES (?, ?)').run(fid, j);
      return fid;
    });
    return ok({ folder_id: id, journal_ids });
  },
);

// --- external conflicts ---------------------------------------------------------------------
route('GET', '/admin/orgs/:org/conflicts/', 'external conflicts of interest', async (ctx, _req, [o]) =>
  ok({ conflicts: externalConflictsView(ctx, org(ctx, o!).id) }),
);
route(
  'POST',
  '/admin/orgs/:org/conflicts/',
  'add an external conflict {author_id? | orcid? | email?, origin_id?, reason?}',
  async (ctx, req, [o]) => {
    const target = org(ctx, o!);
    const c = parse(
      z
        .object({
          author_id: z.number().int().optional(),
          orcid: z.string().optional(),
          email: z.string().optional(),
          origin_id: z.string().optional(),
          reason: z.string().optional(),
        })
        .strict(),
      await readJson(req),
    );
    if (c.author_id === undefined && !c.orcid && !c.email) throw badRequest('one of author_id, orcid or email is required', 'author_id');
    const id = tx(ctx, () =>
      Number(
        ctx.db
          .prepare('INSERT INTO external_conflicts (org_id, author_id, orcid, email, origin_id, reason) VALUES (?, ?, ?, ?, ?, ?)')
          .run(target.id, c.author_id ?? null, c.orcid ?? null, c.email ?? null, c.origin_id ?? null, c.reason ?? null).lastInsertRowid,
      ),
    );
    return ok({ id });
  },
);
route('DELETE', '/admin/orgs/:org/conflicts/:id/', 'remove an external conflict', async (ctx, _req, [o, id]) => {
  const n = tx(
    ctx,
    () => ctx.db.prepare('DELETE FROM external_conflicts WHERE org_id = ? AND id = ?').run(org(ctx, o!).id, Number(id)).changes,
  );
  if (!n) throw notFound(`no conflict ${id}`, 'id');
  return ok({ ok: true });
});

// --- manuscripts, marking (§3) ---------------------------------------------------------------
route('GET', '/admin/orgs/:org/manuscripts/', 'uploaded manuscripts, with runs: the uploads each one received', async (ctx, _req, [o]) => {
  const rows = ctx.db
    .prepare(
      'SELECT m.id, m.origin_id, m.title, f.name AS folder, m.runs, m.updated_at FROM manuscripts m ' +
        'JOIN folders f ON f.id = m.folder_id WHERE m.org_id = ? ORDER BY m.id',
    )
    .all(org(ctx, o!).id);
  return ok({ manuscripts: rows });
});
route(
  'GET',
  '/admin/orgs/:org/manuscripts/:origin_id/',
  'one manuscript with its last candidates and marks',
  async (ctx, _req, [o, originId]) => {
    const target = org(ctx, o!);
    const m = manuscript(ctx, target, originId!);
    const folder = ctx.db.prepare('SELECT name FROM folders WHERE id = ?').get(m.folder_id) as { name: string };
    return ok({
      manuscript_id: m.id,
      origin_id: m.origin_id,
      folder: folder.name,
      title: m.title,
      candidates: m.candidates ? JSON.parse(m.candidates) : null,
      marks: ctx.db
        .prepare(
          'SELECT author_id, marked, marked_by, first_marked_at, updated_at FROM marks WHERE manuscript_id = ? ORDER BY first_marked_at',
        )
        .all(m.id),
    });
  },
);

function webhookBody(ctx: Ctx, o: OrgRow, order: number, payload: Record<string, unknown>, test: boolean) {
  return { action: 'mark_as_proposal_referee', timestamp: Math.floor(Date.now() / 1000), order, api_key: o.api_key, test, payload };
}

function markedPayload(ctx: Ctx, m: ManuscriptRow): Record<string, unknown> {
  const rf = rfSettings(ctx.db, m.folder_id);
  const rows = ctx.db
    .prepare('SELECT author_id, marked_by, snapshot FROM marks WHERE manuscript_id = ? AND marked = 1 ORDER BY first_marked_at, author_id')
    .all(m.id) as Array<{
    author_id: number;
    marked_by: string;
    snapshot: string;
  }>;
  return {
    version: 5,
    manuscript_id: m.id,
    origin_id: m.origin_id,
    candidates: rows.map((r) => {
      const snap = JSON.parse(r.snapshot) as Record<string, unknown>;
      return {
        ...snap,
        score: new Float(snap.score as number),
        authors_groups: authorsGroupsOf(rf, r.author_id),
        marked: true,
        marked_by: r.marked_by,
      };
    }),
    authors_groups_settings: rfView(rf, false),
  };
}

/** The candidate as shown when first marked: from the last upload's list, else scored now. */
function snapshotFor(ctx: Ctx, m: ManuscriptRow, authorId: number): Record<string, unknown> {
  const listed = (m.candidates ? (JSON.parse(m.candidates) as Array<Record<string, unknown>>) : []).find((c) => c.author_id === authorId);
  const keys = [
    'name',
    'first_name',
    'last_name',
    'middle_name',
    'suffix',
    'author_id',
    'email',
    'orcid',
    'affiliation',
    'articlesCount',
    'citationsCount',
    'hIndex',
    'score',
    'url',
    'relevant_concepts',
  ];
  if (listed) return Object.fromEntries(keys.map((k) => [k, listed[k]]));
  const a = ctx.corpus.authors.get(authorId)!;
  const an = analyse(ctx.corpus, manuscriptInput(m));
  const mine = new Set(ctx.corpus.authorArticles.get(authorId) ?? []);
  const arts = an.ranked.filter((i) => mine.has(i));
  const score = arts.slice(0, 5).reduce((s, art, i) => s + an.scores[art]! / (i + 1), 0);
  const concepts = new Set(arts.slice(0, 10).flatMap((i) => ctx.corpus.concepts[i]!));
  const base = candidateBase(ctx.corpus, a, score, an.concepts.filter((c) => concepts.has(c)).slice(0, 5), { profileUrl: profileUrl(ctx) });
  return JSON.parse(stringify(base)) as Record<string, unknown>;
}

route(
  'POST',
  '/admin/orgs/:org/manuscripts/:origin_id/marks/',
  'mark a candidate as referee {author_id, marked_by} → webhook',
  async (ctx, req, [o, originId]) => {
    const target = org(ctx, o!);
    const body = parse(
      z.object({ author_id: z.number().int(), marked_by: z.string().min(1).default('editor@example.org') }).strict(),
      await readJson(req),
    );
    const m = manuscript(ctx, target, originId!);
    if (!ctx.corpus.authors.has(body.author_id)) throw notFound(`no author ${body.author_id} in the corpus`, 'author_id');
    const result = tx(ctx, () => {
      const prev = ctx.db
        .prepare('SELECT marked, snapshot FROM marks WHERE manuscript_id = ? AND author_id = ?')
        .get(m.id, body.author_id) as { marked: number; snapshot: string } | undefined;
      if (prev?.marked) throw new HttpError(409, 'conflict', `author ${body.author_id} is already marked`, 'author_id');
      const now = nowIso();
      if (prev)
        ctx.db
          .prepare('UPDATE marks SET marked = 1, marked_by = ?, updated_at = ? WHERE manuscript_id = ? AND author_id = ?')
          .run(body.marked_by, now, m.id, body.author_id);
      else
        ctx.db
          .prepare(
            'INSERT INTO marks (manuscript_id, author_id, marked, marked_by, snapshot, first_marked_at, updated_at) VALUES (?, ?, 1, ?, ?, ?, ?)',
          )
          .run(m.id, body.author_id, body.marked_by, JSON.stringify(snapshotFor(ctx, m, body.author_id)), now, now);
      return sendMarkEvent(ctx, target, m);
    });
    ctx.webhooks.kick();
    return ok(result);
  },
);
route(
  'DELETE',
  '/admin/orgs/:org/manuscripts/:origin_id/marks/:author_id/',
  'unmark a candidate → webhook',
  async (ctx, _req, [o, originId, authorId]) => {
    const target = org(ctx, o!);
    const m = manuscript(ctx, target, originId!);
    const result = tx(ctx, () => {
      const n = ctx.db
        .prepare('UPDATE marks SET marked = 0, updated_at = ? WHERE manuscript_id = ? AND author_id = ? AND marked = 1')
        .run(nowIso(), m.id, Number(authorId)).changes;
      if (!n) throw new HttpError(409, 'conflict', `author ${authorId} is not marked`, 'author_id');
      return sendMarkEvent(ctx, target, m);
    });
    ctx.webhooks.kick();
    return ok(result);
  },
);

function sendMarkEvent(ctx: Ctx, o: OrgRow, m: ManuscriptRow) {
  const order = ctx.webhooks.nextOrder(o.id);
  const body = webhookBody(ctx, o, order, markedPayload(ctx, m), false);
  const receivers = ctx.webhooks.enqueue(o.id, order, body);
  return { order, receivers, body };
}

// --- webhook receivers and the delivery log ------------------------------------------------
route('GET', '/admin/orgs/:org/webhooks/', 'webhook receivers', async (ctx, _req, [o]) =>
  ok({ webhooks: ctx.db.prepare('SELECT id, url, created_at FROM webhook_receivers WHERE org_id = ? ORDER BY id').all(org(ctx, o!).id) }),
);
route('POST', '/admin/orgs/:org/webhooks/', 'register a receiving address {url}', async (ctx, req, [o]) => {
  const target = org(ctx, o!);
  const { url } = parse(z.object({ url: z.url() }).strict(), await readJson(req));
  return ok({ id: tx(ctx, () => addReceiver(ctx.db, target.id, url)), url });
});
route('DELETE', '/admin/orgs/:org/webhooks/:id/', 'remove a receiver (its pending deliveries are dropped)', async (ctx, _req, [o, id]) => {
  const target = org(ctx, o!);
  const n = tx(ctx, () => {
    if (!ctx.db.prepare('SELECT 1 FROM webhook_receivers WHERE id = ? AND org_id = ?').get(Number(id), target.id)) return 0;
    ctx.db.prepare('DELETE FROM webhook_deliveries WHERE receiver_id = ?').run(Number(id));
    return ctx.db.prepare('DELETE FROM webhook_receivers WHERE id = ?').run(Number(id)).changes;
  });
  if (!n) throw notFound(`no webhook receiver ${id}`, 'id');
  return ok({ ok: true });
});
route(
  'POST',
  '/admin/orgs/:org/webhooks/:id/check/',
  'connectivity check: POST a body with test: true, report the reply',
  async (ctx, _req, [o, id]) => {
    const target = org(ctx, o!);
    const r = ctx.db.prepare('SELECT url FROM webhook_receivers WHERE id = ? AND org_id = ?').get(Number(id), target.id) as
      { url: string } | undefined;
    if (!r) throw notFound(`no webhook receiver ${id}`, 'id');
    const order = tx(ctx, () => ctx.webhooks.nextOrder(target.id));
    const body = webhookBody(
      ctx,
      target,
      order,
      { version: 5, manuscript_id: 0, origin_id: null, candidates: [], authors_groups_settings: null },
      true,
    );
    return ok({ ...(await ctx.webhooks.check(r.url, body)), body });
  },
);
route('GET', '/admin/orgs/:org/webhooks/deliveries/', 'delivery log (every attempt of every delivery)', async (ctx, _req, [o]) => {
  const rows = ctx.db
    .prepare(
      `SELECT d.id, d.receiver_id, r.url, d.event_order AS "order", d.status, d.attempts, d.last_status, d.last_error, d.delivered_at, d.created_at, d.log
       FROM webhook_deliveries d JOIN webhook_receivers r ON r.id = d.receiver_id WHERE r.org_id = ? ORDER BY d.id`,
    )
    .all(org(ctx, o!).id) as Array<Record<string, unknown>>;
  return ok({ deliveries: rows.map((d) => ({ ...d, log: JSON.parse(d.log as string) })) });
});

// --- corpus -------------------------------------------------------------------------------
route('GET', '/admin/corpus/', 'corpus size', async (ctx) => {
  const count = (t: string) => (ctx.db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number }).n;
  return ok({
    authors: count('authors'),
    articles: count('articles'),
    journals: count('journals'),
    institutions: count('institutions'),
    citations: count('citations'),
    retracted: (ctx.db.prepare('SELECT COUNT(*) AS n FROM articles WHERE retracted = 1').get() as { n: number }).n,
  });
});
route('GET', '/admin/corpus/authors/', 'search authors ?q=name|email|orcid&retracted=true&limit=', async (ctx, _req, _p, query) => {
  const q = `%${query.get('q') ?? ''}%`;
  const limit = Math.min(200, Number(query.get('limit') ?? 20) || 20);
  const retracted =
    query.get('retracted') === 'true'
      ? 'AND EXISTS (SELECT 1 FROM authorships s JOIN articles a ON a.id = s.article_id WHERE s.author_id = authors.id AND a.retracted = 1)'
      : '';
  const rows = ctx.db
    .prepare(
      `SELECT id FROM authors WHERE ((first_name || ' ' || last_name) LIKE ? OR email LIKE ? OR orcid LIKE ?) ${retracted} ORDER BY h_index DESC, id LIMIT ?`,
    )
    .all(q, q, q, limit) as Array<{ id: number }>;
  return ok({ authors: rows.map((r) => authorView(ctx, r.id)) });
});
route('GET', '/admin/corpus/authors/:id/', 'one author with affiliations and articles', async (ctx, _req, [id]) => {
  const a = ctx.corpus.authors.get(Number(id));
  if (!a) throw notFound(`no author ${id}`, 'id');
  const c = ctx.corpus;
  return ok({
    ...authorView(ctx, a.id),
    affiliations: (c.affiliations.get(a.id) ?? []).map((h) => ({ ...h, name: c.institutions.get(h.institution_id)?.name })),
    articles: (c.authorArticles.get(a.id) ?? []).map((i) => ({
      id: c.articleIds[i],
      title: c.title[i],
      year: c.year[i],
      doi: c.doi[i],
      cited_by_count: c.citedBy[i],
      retracted: c.retracted[i] === 1,
      coauthor_ids: c.articleAuthors[i]!.filter((x) => x !== a.id),
    })),
  });
});
function authorView(ctx: Ctx, id: number) {
  const a = ctx.corpus.authors.get(id)!;
  const inst = ctx.corpus.institutionAt(id);
  return {
    id,
    name: ctx.corpus.authorName(a),
    email: a.email,
    orcid: a.orcid,
    affiliation: inst?.name ?? null,
    articles_count: a.articles_count,
    citations_count: a.citations_count,
    h_index: a.h_index,
    academic_age: academicAge(a, ctx.referenceYear),
  };
}
route('GET', '/admin/corpus/journals/', 'search journals ?q=', async (ctx, _req, _p, query) => {
  const q = (query.get('q') ?? '').toLowerCase();
  return ok({ journals: [...ctx.corpus.journals.values()].filter((j) => j.title.toLowerCase().includes(q)) });
});
route('POST', '/admin/corpus/openalex/', 'import OpenAlex works as JSON lines (body: one work per line)', async (ctx, req) => {
  const text = (await readBody(req, 256 << 20)).toString('utf8');
  const result = tx(ctx, () => importOpenAlex(ctx.db, text));
  if (result.works) ctx.reloadCorpus();
  return ok(result);
});

route(
  'POST',
  '/admin/corpus/seed-articles/',
  'import article records derived from JATS (material/corpus/seed/articles.jsonl format)',
  async (ctx, req) => {
    const text = (await readBody(req, 256 << 20)).toString('utf8');
    const result = tx(ctx, () => importSeedArticles(ctx.db, text));
    if (result.articles || result.cited_works) ctx.reloadCorpus();
    return ok(result);
  },
);

// --- fault injection ----------------------------------------------------------------------
route('GET', '/admin/faults/', 'active fault rules', async (ctx) => ok({ faults: ctx.faults.list() }));
route(
  'POST',
  '/admin/faults/',
  'add a fault rule {route?, method?, kind, rate?, times?, latency_ms?, status?, retry_after_s?}',
  async (ctx, req) => ok(ctx.faults.add(parse(faultRuleSchema, jsonObject(await readJson(req))))),
);
route('DELETE', '/admin/faults/', 'remove every fault rule', async (ctx) => {
  ctx.faults.clear();
  return ok({ ok: true });
});
route('DELETE', '/admin/faults/:id/', 'remove one fault rule', async (ctx, _req, [id]) => {
  if (!ctx.faults.remove(id!)) throw notFound(`no fault rule ${id}`, 'id');
  return ok({ ok: true });
});

export function matchAdmin(method: string, path: string): { route: AdminRoute; params: string[] } | { allowed: string[] } | null {
  const allowed: string[] = [];
  for (const r of routes) {
    const m = r.pattern.exec(path);
    if (!m) continue;
    if (r.method === method) return { route: r, params: m.slice(1).map(decodeURIComponent) };
    allowed.push(r.method);
  }
  return allowed.length ? { allowed } : null;
}
