// Test support for the sandbox contract suite: every test gets its own data folder (a copy of a
// small generated corpus made once per file) and a sandbox on a free port.
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { startSandbox, type RunningSandbox, type SandboxConfig } from '../../../electron/localservice/index';

export const SMALL_CORPUS = { authors: 1200, articles: 6000 };

let template: Promise<string> | undefined;
function templateDir(): Promise<string> {
  template ??= (async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sbx-template-'));
    const sb = await startSandbox({ dataDir: dir, config: { corpus: SMALL_CORPUS } });
    await sb.close();
    return dir;
  })();
  return template;
}

/** A parsed JSON body, as loosely typed as the assertions on it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface Res {
  status: number;
  headers: Headers;
  text: string;
  body: Json;
}

export interface TestSandbox extends RunningSandbox {
  dir: string;
  api(
    method: string,
    path: string,
    opts?: { json?: unknown; key?: string | null; headers?: Record<string, string>; form?: FormData },
  ): Promise<Res>;
  admin(method: string, path: string, json?: unknown): Promise<Res>;
  upload(fields: Record<string, string>, file?: { name: string; data: Buffer; type?: string }, key?: string): Promise<Res>;
}

const open: Array<{ sb: RunningSandbox; dir: string }> = [];

/** Registers the cleanup of every sandbox a test started. Call once at the top of a test file. */
export function useSandboxes(): void {
  afterEach(async () => {
    for (const { sb, dir } of open.splice(0)) {
      await sb.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
}

async function toRes(r: Response): Promise<Res> {
  const text = await r.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: r.status, headers: r.headers, text, body };
}

/** A sandbox over a copy of the small template corpus (or a freshly generated one with `fresh`). */
export async function sandbox(
  opts: { config?: SandboxConfig; admin?: boolean; fresh?: boolean; seed?: number } = {},
): Promise<TestSandbox> {
  const dir = await mkdtemp(join(tmpdir(), 'sbx-test-'));
  if (!opts.fresh) await copyFile(join(await templateDir(), 'sandbox.sqlite'), join(dir, 'sandbox.sqlite'));
  const config: SandboxConfig = {
    corpus: SMALL_CORPUS,
    webhooks: { retry_initial_ms: 20, retry_max_ms: 200, timeout_ms: 2000 },
    ...opts.config,
  };
  const sb = await startSandbox({ dataDir: dir, port: 0, config, admin: opts.admin ?? true, seed: opts.seed });
  open.push({ sb, dir });
  const api: TestSandbox['api'] = async (method, path, o = {}) => {
    const headers: Record<string, string> = { ...o.headers };
    if (o.key !== null) headers['X-ApiKey'] = o.key ?? sb.apiKey;
    let body: BodyInit | undefined;
    if (o.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(o.json);
    } else if (o.form) body = o.form;
    return toRes(await fetch(`${sb.baseUrl}${path}`, { method, headers, body }));
  };
  return Object.assign(sb, {
    dir,
    api,
    admin: async (method: string, path: string, json?: unknown) =>
      toRes(
        await fetch(`${sb.adminUrl.replace(/\/admin\/$/, '')}${path}`, {
          method,
          headers: { Authorization: `Bearer ${sb.adminToken}`, ...(json === undefined ? {} : { 'Content-Type': 'application/json' }) },
          body: json === undefined ? undefined : JSON.stringify(json),
        }),
      ),
    upload: async (fields: Record<string, string>, file?: { name: string; data: Buffer; type?: string }, key?: string) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      if (file)
        form.append('source_file', new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }), file.name);
      return api('POST', '/api/external/proposal/', { form, key });
    },
  });
}

/** Upload fields for a manuscript written about what a corpus author works on. */
export async function manuscriptAbout(sb: TestSandbox, authorId: number, originId = 'ms-1'): Promise<Record<string, string>> {
  const a = (await sb.admin('GET', `/admin/corpus/authors/${authorId}/`)).body as { articles: Array<{ title: string }> };
  const titles = a.articles.map((x) => x.title);
  return {
    api_key: sb.apiKey,
    folder: 'F1',
    origin_id: originId,
    title: titles[0] ?? 'Untitled',
    abstract: titles.slice(0, 12).join('. '),
    authors_count: '1',
    author1_name: 'Outside Author',
    author1_email: 'outside.author@example.org',
  };
}

/** A corpus author with a given property, from the admin search. */
export async function findAuthor(
  sb: TestSandbox,
  query = '',
  pred: (a: Record<string, Json>) => boolean = () => true,
): Promise<Record<string, Json>> {
  const list = (await sb.admin('GET', `/admin/corpus/authors/?limit=200&q=${encodeURIComponent(query)}`)).body.authors as Array<
    Record<string, Json>
  >;
  const hit = list.find(pred);
  if (!hit) throw new Error(`no corpus author matches ${query}`);
  return hit;
}

/** A corpus author matching `pred` (findAuthor) and upload fields for a manuscript `originId` about their work (manuscriptAbout). */
export async function authorTopic(
  sb: TestSandbox,
  pred: (a: Record<string, Json>) => boolean,
  originId = 'ms-1',
): Promise<{ author: Record<string, Json>; fields: Record<string, string> }> {
  const author = await findAuthor(sb, '', pred);
  return { author, fields: await manuscriptAbout(sb, author.id, originId) };
}

export async function authorDetail(sb: TestSandbox, id: number): Promise<Record<string, Json>> {
  return (await sb.admin('GET', `/admin/corpus/authors/${id}/`)).body;
}

export async function createGroup(sb: TestSandbox, name = 'Reviewers A'): Promise<number> {
  const r = await sb.api('POST', '/api/external/authors-group/create/', {
    json: { group_name: name, owner_team: 'Editorial Office', editor_teams: ['Section Editors'], viewer_teams: [] },
  });
  if (r.status !== 200) throw new Error(`group creation failed: ${r.text}`);
  return r.body.authors_group_id as number;
}

export function expectError(r: Res, status: number, field?: string): void {
  if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${r.text}`);
  if (typeof r.body?.error?.code !== 'string' || typeof r.body.error.message !== 'string') throw new Error(`not an error body: ${r.text}`);
  if (field !== undefined && r.body.error.field !== field) throw new Error(`expected field ${field}, got ${r.body.error.field}: ${r.text}`);
}

/**
 * The fields of a candidate in every answer (upload and webhook bodies alike), in alphabetical order (the tests compare
 * sorted keys); an upload adds the five conflict flags, a webhook body `marked_by`.
 */
export const CANDIDATE_BASE_FIELDS = [
  'affiliation',
  'articlesCount',
  'author_id',
  'authors_groups',
  'citationsCount',
  'email',
  'first_name',
  'hIndex',
  'last_name',
  'marked',
  'middle_name',
  'name',
  'orcid',
  'relevant_concepts',
  'score',
  'suffix',
  'url',
];
