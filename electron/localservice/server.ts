// node:http server: /api/external/ (faults → auth → handler in one transaction), /admin/
// (token), and the profile pages candidates' url and prophy_url point at.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { RouteName } from './config';
import type { Ctx } from './context';
import { matchAdmin } from './admin';
import {
  createAuthorsGroup,
  deleteAuthor,
  getAuthor,
  listCustomFields,
  patchAuthor,
  putAuthor,
  recommendJournalsHandler,
  uploadManuscript,
  type Handler,
} from './external';
import { beforeReply, sendSpoiled } from './faults';
import { badRequest, errorBody, HttpError, replyOf, send, type Reply } from './http';
import { orgByKey } from './store';

interface ExternalRoute {
  name: RouteName;
  method: string;
  pattern: RegExp;
  handler: Handler;
}

const AFG = String.raw`^/api/external/author-from-group/([^/]+)/([^/]+)/`;
const EXTERNAL: ExternalRoute[] = [
  { name: 'author_partial', method: 'POST', pattern: new RegExp(`${AFG}partial/$`), handler: patchAuthor },
  { name: 'author_get', method: 'GET', pattern: new RegExp(`${AFG}$`), handler: getAuthor },
  { name: 'author_post', method: 'POST', pattern: new RegExp(`${AFG}$`), handler: putAuthor },
  { name: 'author_delete', method: 'DELETE', pattern: new RegExp(`${AFG}$`), handler: deleteAuthor },
  { name: 'authors_group_create', method: 'POST', pattern: /^\/api\/external\/authors-group\/create\/$/, handler: createAuthorsGroup },
  { name: 'upload', method: 'POST', pattern: /^\/api\/external\/proposal\/$/, handler: uploadManuscript },
  {
    name: 'recommend_journals',
    method: 'GET',
    pattern: /^\/api\/external\/recommend-journals\/([^/]+)\/$/,
    handler: recommendJournalsHandler,
  },
  { name: 'custom_fields', method: 'GET', pattern: /^\/api\/external\/custom-fields\/all\/$/, handler: listCustomFields },
];

export interface ServerOptions {
  admin: boolean;
  adminToken: string;
}

export function buildServer(ctx: Ctx, opts: ServerOptions): Server {
  const server = createServer((req, res) => {
    handle(ctx, opts, req, res).catch((err: unknown) => {
      ctx.log(`sandbox: unhandled ${(err as Error).stack ?? String(err)}`);
      send(res, replyOf(err));
    });
  });
  server.keepAliveTimeout = 5_000;
  return server;
}

async function handle(ctx: Ctx, opts: ServerOptions, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://sandbox');
  const path = url.pathname;
  const method = (req.method ?? 'GET').toUpperCase();
  const started = Date.now();
  res.on('finish', () => ctx.log(`${method} ${path} ${res.statusCode} ${Date.now() - started} ms`));

  if (path.startsWith('/api/external/')) return external(ctx, { req, res, path, method, query: url.searchParams });
  if (path === '/admin' || path.startsWith('/admin/')) {
    if (!opts.admin) return drain(req, res, { status: 404, body: errorBody('not_found', 'the admin surface is not enabled') });
    return admin(ctx, opts, { req, res, path: path === '/admin' ? '/admin/' : path, method, query: url.searchParams });
  }
  const page = /^\/(authors|articles)\/(\d+)\/$/.exec(path);
  if (page && method === 'GET') return send(res, profilePage(ctx, page[1]!, Number(page[2])));
  if (path === '/' && method === 'GET')
    return send(res, {
      status: 200,
      body: { service: 'referee-desk sandbox', api: '/api/external/', admin: opts.admin ? '/admin/' : null },
    });
  return drain(req, res, { status: 404, body: errorBody('not_found', `no route ${method} ${path}`) });
}

/** Answers without reading the body (the rest of the upload is discarded). */
function drain(req: IncomingMessage, res: ServerResponse, reply: Reply): void {
  req.resume();
  send(res, reply);
}

function keyMatches(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** One request as the handlers see it: its path (admin's normalised), upper-case method and query. */
interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  path: string;
  method: string;
  query: URLSearchParams;
}

async function external(ctx: Ctx, { req, res, path, method, query }: Exchange): Promise<void> {
  let route: ExternalRoute | undefined;
  let params: string[] = [];
  const allowed: string[] = [];
  for (const r of EXTERNAL) {
    const m = r.pattern.exec(path);
    if (!m) continue;
    if (r.method !== method) {
      allowed.push(r.method);
      continue;
    }
    route = r;
    params = m.slice(1);
    break;
  }
  if (!route) {
    if (allowed.length)
      return drain(req, res, {
        status: 405,
        body: errorBody('method_not_allowed', `${method} is not allowed here; use ${allowed.join(', ')}`),
        headers: { Allow: allowed.join(', ') },
      });
    const hint = path.endsWith('/') ? '' : ' (the paths end with a slash)';
    return drain(req, res, { status: 404, body: errorBody('not_found', `no endpoint ${method} ${path}${hint}`) });
  }

  const plan = ctx.faults.plan(route.name, path, method);
  if (plan.latencyMs > 0) {
    const closed = await delay(plan.latencyMs, res);
    if (closed) return;
  }
  if (plan.before) {
    const reply = beforeReply(plan.before);
    if (reply === null) {
      req.resume(); // hang: read the request, never answer; the socket stays open until the client gives up
      return;
    }
    return drain(req, res, reply);
  }

  const key = req.headers['x-apikey'];
  const apiKey = Array.isArray(key) ? key[0] : key;
  if (!apiKey) return drain(req, res, { status: 401, body: errorBody('unauthorized', 'the X-ApiKey header is missing', 'X-ApiKey') });
  const org = orgByKey(ctx.db, apiKey);
  if (!org || !keyMatches(org.api_key, apiKey))
    return drain(req, res, { status: 401, body: errorBody('unauthorized', 'the API key is not valid', 'X-ApiKey') });

  let reply: Reply;
  try {
    // Decoded only now: a bad % escape is the caller's error (400), and only a caller with a key learns it.
    reply = await route.handler(ctx, req, org, params.map(decodePathSegment), query);
  } catch (err) {
    if (!(err instanceof HttpError)) ctx.log(`sandbox: ${route.name} failed: ${(err as Error).stack ?? String(err)}`);
    reply = replyOf(err);
    req.resume();
  }
  if (plan.after) return sendSpoiled(res, plan.after, reply);
  send(res, reply);
}

function decodePathSegment(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw badRequest(`the path segment "${raw.slice(0, 80)}" has an invalid % escape`);
  }
}

/** Waits, resolving true when the client went away first. */
function delay(ms: number, res: ServerResponse): Promise<boolean> {
  return new Promise((resolve) => {
    const onClose = () => {
      clearTimeout(t);
      resolve(true);
    };
    const t = setTimeout(() => {
      res.off('close', onClose);
      resolve(false);
    }, ms);
    res.once('close', onClose);
  });
}

async function admin(ctx: Ctx, opts: ServerOptions, { req, res, path, method, query }: Exchange): Promise<void> {
  const auth = req.headers.authorization ?? '';
  const token = auth.startsWith('Bearer ') ? auth.slice(7) : String(req.headers['x-admin-token'] ?? '');
  if (!token || !keyMatches(token, opts.adminToken)) {
    return drain(req, res, {
      status: 401,
      body: errorBody('unauthorized', 'admin token missing or wrong (Authorization: Bearer <token>)'),
    });
  }
  const m = matchAdmin(method, path.endsWith('/') ? path : `${path}/`);
  if (!m) return drain(req, res, { status: 404, body: errorBody('not_found', `no admin route ${method} ${path}`) });
  if ('allowed' in m)
    return drain(req, res, {
      status: 405,
      body: errorBody('method_not_allowed', `use ${m.allowed.join(', ')}`),
      headers: { Allow: m.allowed.join(', ') },
    });
  try {
    send(res, await m.route.handler(ctx, req, m.params, query));
  } catch (err) {
    if (!(err instanceof HttpError)) ctx.log(`sandbox admin: ${(err as Error).stack ?? String(err)}`);
    req.resume();
    send(res, replyOf(err));
  }
}

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function profilePage(ctx: Ctx, kind: string, id: number): Reply {
  const c = ctx.corpus;
  if (kind === 'authors') {
    const a = c.authors.get(id);
    if (!a) return { status: 404, body: errorBody('not_found', `no author ${id}`) };
    const arts = (c.authorArticles.get(id) ?? []).slice().sort((x, y) => c.year[y]! - c.year[x]!);
    const inst = c.institutionAt(id);
    const items = arts
      .map(
        (i) =>
          `<li><a href="/articles/${c.articleIds[i]}/">${esc(c.title[i]!)}</a> (${c.year[i]})${c.retracted[i] ? ' <strong>retracted</strong>' : ''}</li>`,
      )
      .join('');
    return {
      status: 200,
      body: null,
      html:
        `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${esc(c.authorName(a))}</title></head><body><h1>${esc(c.authorName(a))}</h1>` +
        `<p>${esc(inst?.name ?? '')} · h-index ${a.h_index} · ${a.articles_count} articles · ` +
        `${a.citations_count} ` +
        `citations${a.orcid ? ` · ORCID ${a.orcid}` : ''}</p><ol>${items}</ol></body></html>`,
    };
  }
  const slot = c.articleIds.indexOf(id);
  if (slot < 0) return { status: 404, body: errorBody('not_found', `no article ${id}`) };
  const authors = c.articleAuthors[slot]!.map((aid) => `<a href="/authors/${aid}/">${esc(c.authorName(c.authors.get(aid)!))}</a>`).join(
    ', ',
  );
  const journal = c.journals.get(c.journal[slot]!)?.title ?? '';
  return {
    status: 200,
    body: null,
    html:
      `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${esc(c.title[slot]!)}</title></head><body><h1>${esc(c.title[slot]!)}</h1>` +
      `<p>${authors}</p><p>${esc(journal)} ${c.year[slot]} · doi ${esc(c.doi[slot] ?? '')} · cited ` +
      `${c.citedBy[slot]} ` +
      `times${c.retracted[slot] ? ' · <strong>retracted</strong>' : ''}</p></body></html>`,
  };
}
