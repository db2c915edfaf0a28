// The sandbox configuration: a JSON file (CLI --config) or an object (startSandbox({ config })).
import { readFileSync } from 'node:fs';
import { z } from 'zod';

export const FEATURES = ['authors_groups', 'referee_finder', 'recommend_journals'] as const;
export type Feature = (typeof FEATURES)[number];
export const DATA_KINDS = ['number', 'str', 'date', 'single_option', 'multi_option'] as const;
export const SCOPES = ['author_from_group', 'folder', 'proposal'] as const;
export const FAULT_KINDS = ['latency', 'status', 'rate_limit', 'hang', 'reset', 'malformed_json', 'html_login', 'truncate'] as const;
export const ROUTES = [
  'author_get',
  'author_post',
  'author_partial',
  'author_delete',
  'authors_group_create',
  'upload',
  'recommend_journals',
  'custom_fields',
] as const;
/** Names of the /api/external/ routes, as fault rules address them. */
export type RouteName = (typeof ROUTES)[number];

export const featuresSchema = z
  .object({ authors_groups: z.boolean(), referee_finder: z.boolean(), recommend_journals: z.boolean() })
  .partial()
  .strict();

export const orgSettingsSchema = z
  .object({
    prefer: z.enum(['parsed', 'metadata']),
    conflicts: z.enum(['include', 'exclude']),
    without_email: z.enum(['include', 'exclude']),
    candidates_limit: z.number().int().min(1).max(500),
  })
  .partial()
  .strict();

export const customFieldSchema = z
  .object({
    api_id: z.uuid().optional(),
    scope: z.enum(SCOPES),
    data_kind: z.enum(DATA_KINDS),
    name: z.string().min(1),
    description: z.string().nullable().optional(),
    options: z.array(z.union([z.string().min(1), z.object({ api_id: z.uuid().optional(), option: z.string().min(1) })])).optional(),
  })
  .strict();

export const faultRuleSchema = z
  .object({
    id: z.string().optional(),
    /** A route name (see ROUTES), a path prefix starting with "/", or "*" for every /api/external/ request. */
    route: z
      .string()
      .refine((r) => r === '*' || r.startsWith('/') || (ROUTES as readonly string[]).includes(r), {
        message: `must be "*", a path prefix starting with "/", or one of ${ROUTES.join(', ')}`,
      })
      .default('*'),
    method: z.string().optional(),
    kind: z.enum(FAULT_KINDS),
    /** Probability that the rule fires on a matching request (seeded PRNG), default 1. */
    rate: z.number().min(0).max(1).default(1),
    /** Fire at most this many times, then stay inert. */
    times: z.number().int().min(1).optional(),
    latency_ms: z.number().int().min(0).max(600_000).optional(),
    status: z.union([z.literal(500), z.literal(502), z.literal(503)]).optional(),
    retry_after_s: z.number().int().min(0).optional(),
  })
  .strict();
export type FaultRule = z.infer<typeof faultRuleSchema>;

export const orgConfigSchema = z
  .object({
    name: z.string().min(1),
    api_key: z.string().min(8).optional(),
    features: featuresSchema.optional(),
    settings: orgSettingsSchema.optional(),
    teams: z.array(z.string().min(1)).optional(),
    custom_fields: z.array(customFieldSchema).optional(),
    webhooks: z.array(z.url()).optional(),
  })
  .strict();
export type OrgConfig = z.infer<typeof orgConfigSchema>;

export const sandboxConfigSchema = z
  .object({
    seed: z.number().int().optional(),
    corpus: z
      .object({
        authors: z.number().int().min(50).max(200_000),
        articles: z.number().int().min(100).max(1_000_000),
        end_year: z.number().int().min(1950).max(2100),
        /** OpenAlex works as JSON lines, imported once each (by content hash) at start. */
        openalex: z.array(z.string()),
        /** Article records derived from JATS (material/corpus/seed/articles.jsonl format), imported once each. */
        seed_articles: z.array(z.string()),
      })
      .partial()
      .strict()
      .optional(),
    /** Year academic age is counted to (default: the current year). */
    reference_year: z.number().int().optional(),
    /** The demo organization created on first start: false for none. */
    demo_org: z.union([z.literal(false), orgConfigSchema.partial()]).optional(),
    /** More organizations, created on start when no organization has their api_key. */
    orgs: z.array(orgConfigSchema).optional(),
    admin: z
      .object({ enabled: z.boolean(), token: z.string().min(8) })
      .partial()
      .strict()
      .optional(),
    webhooks: z
      .object({ retry_initial_ms: z.number().int().min(1), retry_max_ms: z.number().int().min(1), timeout_ms: z.number().int().min(1) })
      .partial()
      .strict()
      .optional(),
    faults: z.array(faultRuleSchema).optional(),
    upload: z
      .object({ max_file_bytes: z.number().int().min(1) })
      .partial()
      .strict()
      .optional(),
  })
  .strict();

export type SandboxConfig = z.input<typeof sandboxConfigSchema>;
export type ResolvedConfig = z.output<typeof sandboxConfigSchema>;

export function parseConfig(input: unknown, source = 'config'): ResolvedConfig {
  const r = sandboxConfigSchema.safeParse(input ?? {});
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw new Error(`${source}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  return r.data;
}

export function loadConfigFile(path: string): ResolvedConfig {
  return parseConfig(JSON.parse(readFileSync(path, 'utf8')), path);
}
