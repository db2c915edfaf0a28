// The local referee-finder service ("sandbox"): spec §4 over its own SQLite, with a generated
// demo corpus, an admin surface and fault injection. Node only; never imports 'electron'.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { parseConfig, type SandboxConfig } from './config';
import type { Ctx } from './context';
import { generateCorpus } from './corpus/generate';
import { Corpus } from './corpus/model';
import { importOpenAlex } from './corpus/openalex';
import { importSeedArticles } from './corpus/seed-articles';
import { getMeta, openDb, setMeta } from './db';
import { createDemoOrg } from './demo';
import { Faults } from './faults';
import { buildServer } from './server';
import { createOrg, orgById } from './store';
import { Webhooks } from './webhooks';

export type { SandboxConfig } from './config';

export interface SandboxOptions {
  /** Folder of the sandbox's SQLite database; the corpus generated there is reused on the next start. */
  dataDir: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  config?: SandboxConfig;
  /** Enable the admin surface (default true here; the CLI enables it only with --admin-token or config). */
  admin?: boolean;
  /** Corpus and fault PRNG seed (default: config.seed, else 42). */
  seed?: number;
  /** Log sink, one line per call (default: nothing). */
  log?: (line: string) => void;
}

export interface RunningSandbox {
  /** e.g. http://127.0.0.1:49152 — the API lives under `${baseUrl}/api/external/`. */
  baseUrl: string;
  /** API key of the first organization (the demo organization unless the config says otherwise). */
  apiKey: string;
  /** `${baseUrl}/admin/` (also when the admin surface is disabled; it then answers 404). */
  adminUrl: string;
  /** Bearer token of the admin surface, when enabled. */
  adminToken?: string;
  /** Emits 'attempt' and 'delivered' for webhook deliveries. */
  webhooks: Webhooks;
  close(): Promise<void>;
}

export const DEFAULT_CORPUS = { authors: 5000, articles: 25000, end_year: 2025 } as const;

export async function startSandbox(opts: SandboxOptions): Promise<RunningSandbox> {
  const config = parseConfig(opts.config ?? {});
  const log = opts.log ?? (() => undefined);
  const seed = opts.seed ?? config.seed ?? 42;
  const db = openDb(opts.dataDir);
  try {
    const wanted = { seed, ...DEFAULT_CORPUS, ...config.corpus };
    const existing = getMeta(db, 'corpus');
    if (!existing) {
      const t = Date.now();
      const r = db.transaction(() => {
        const res = generateCorpus(db, { seed, authors: wanted.authors, articles: wanted.articles, endYear: wanted.end_year });
        setMeta(db, 'corpus', JSON.stringify({ seed, authors: wanted.authors, articles: wanted.articles, end_year: wanted.end_year }));
        return res;
      })();
      log(
        `sandbox: generated corpus (seed ${seed}): ${r.authors} authors, ${r.articles} articles, ${r.citations} citations in ${Date.now() - t} ms`,
      );
    } else if (existing !== JSON.stringify({ seed, authors: wanted.authors, articles: wanted.articles, end_year: wanted.end_year })) {
      log(`sandbox: keeping the corpus already in ${opts.dataDir} (${existing})`);
    }
    const imports = [
      ...(config.corpus?.openalex ?? []).map((file) => ({ file, kind: 'openalex', run: (text: string) => importOpenAlex(db, text) })),
      ...(config.corpus?.seed_articles ?? []).map((file) => ({
        file,
        kind: 'seed_articles',
        run: (text: string) => importSeedArticles(db, text),
      })),
    ];
    for (const { file, kind, run } of imports) {
      const text = readFileSync(file, 'utf8');
      const key = `${kind}:${createHash('sha256').update(text).digest('hex')}`;
      if (getMeta(db, key)) continue;
      const r = db.transaction(() => {
        const res = run(text);
        setMeta(db, key, file);
        return res;
      })();
      log(`sandbox: imported ${file} (${kind}): ${JSON.stringify({ ...r, errors: r.errors.length })}`);
    }

    let corpus = Corpus.load(db);
    db.transaction(() => {
      const count = (db.prepare('SELECT COUNT(*) AS n FROM orgs').get() as { n: number }).n;
      if (count === 0 && config.demo_org !== false) createDemoOrg(db, corpus, config.demo_org ?? {});
      for (const o of config.orgs ?? []) {
        const known = o.api_key
          ? db.prepare('SELECT 1 FROM orgs WHERE api_key = ?').get(o.api_key)
          : db.prepare('SELECT 1 FROM orgs WHERE name = ?').get(o.name);
        if (!known) createOrg(db, o);
      }
    })();
    const first = db.prepare('SELECT id FROM orgs ORDER BY id LIMIT 1').get() as { id: number } | undefined;
    const apiKey = first ? orgById(db, first.id)!.api_key : '';

    const adminEnabled = opts.admin ?? config.admin?.enabled ?? true;
    const adminToken = config.admin?.token ?? randomBytes(16).toString('hex');
    const webhooks = new Webhooks(db, {
      retryInitialMs: config.webhooks?.retry_initial_ms ?? 500,
      retryMaxMs: config.webhooks?.retry_max_ms ?? 60_000,
      timeoutMs: config.webhooks?.timeout_ms ?? 10_000,
      log,
    });
    const ctx: Ctx = {
      db,
      corpus,
      config,
      baseUrl: '',
      referenceYear: config.reference_year ?? new Date().getFullYear(),
      webhooks,
      faults: new Faults(seed, config.faults ?? []),
      log,
      reloadCorpus() {
        corpus = Corpus.load(db);
        ctx.corpus = corpus;
      },
    };
    const server = buildServer(ctx, { admin: adminEnabled, adminToken });
    const host = opts.host ?? '127.0.0.1';
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port ?? 0, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const port = (server.address() as AddressInfo).port;
    ctx.baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    webhooks.kick();
    log(`sandbox: listening on ${ctx.baseUrl}`);

    let closing: Promise<void> | null = null;
    const running: RunningSandbox = {
      baseUrl: ctx.baseUrl,
      apiKey,
      adminUrl: `${ctx.baseUrl}/admin/`,
      webhooks,
      close: () =>
        (closing ??= new Promise<void>((resolve) => {
          webhooks.close();
          server.close(() => {
            db.close();
            resolve();
          });
          server.closeAllConnections();
        })),
    };
    if (adminEnabled) running.adminToken = adminToken;
    return running;
  } catch (err) {
    if (db.open) db.close();
    throw err;
  }
}
