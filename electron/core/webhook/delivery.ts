// What one mark_as_proposal_referee delivery does once its bytes are in (spec §3, §5.6, §6),
// independent of HTTP: decode, validate, authenticate, then apply to the cache.
import type { z } from 'zod';
import { webhookBodySchema, type WebhookBody, type WebhookCandidate } from '../../common/service';
import type { Cache } from '../cache';
import { isCorruption } from '../cache';
import { redactValue } from '../api/redact';
import type { Logger } from '../ports';
import { safeEqual } from './secrets';

export const WEBHOOK_ACTION = 'mark_as_proposal_referee';

/** What happened to a delivery: the cache outcomes, the connectivity check, or a refusal. */
export type DeliveryOutcome = 'applied' | 'stale' | 'parked' | 'test' | 'rejected' | 'busy';

/** Fired after a delivery changed the cache: marks replaced (applied) or kept for later (parked). */
export interface MarksChange {
  profileId: string;
  /** The app's id of the manuscript; absent when the event was parked (manuscript not known yet). */
  manuscriptLocalId?: number;
  /** The service's manuscript_id. */
  serviceManuscriptId: number;
  originId: string | null;
  order: number;
  outcome: 'applied' | 'parked';
}

/** Bounds on what a delivery may carry (docs/webhook.md, "Limits"). */
export interface DeliveryLimits {
  /** Deepest nesting of arrays and objects in a body (default 32; §6 bodies need 5). Checked before parsing. */
  maxDepth: number;
  /** How far an event's order may be ahead of the highest order seen for the profile, or of 0 before any (default 1,000,000). */
  maxOrderJump: number;
}

export const DEFAULT_DELIVERY_LIMITS: DeliveryLimits = { maxDepth: 32, maxOrderJump: 1_000_000 };

export interface DeliveryDeps {
  cache: Pick<Cache, 'marks' | 'manuscripts' | 'markCorrupt'> & { webhookLog: Pick<Cache['webhookLog'], 'highestOrder' | 'pruneEvents'> };
  deliveryLimits?: Partial<DeliveryLimits>;
  /** The connection profile whose marks the receiver keeps, read for each delivery. */
  activeProfileId(): string | null;
  /** That profile's API key (from the secret store); null when none is stored. */
  getApiKey(profileId: string): Promise<string | null>;
  logger: Logger;
  onMarksChanged?: (change: MarksChange) => void;
}

/** The answer to send back; `message` is safe to show to the sender (no secrets, no stack). */
export interface DeliveryReply {
  status: number;
  outcome: DeliveryOutcome;
  message: string;
  serviceManuscriptId: number | null;
  order: number | null;
  /** Seconds, for 503 answers. */
  retryAfter?: number;
}

const MAX_ISSUES = 5;

function describeIssues(error: z.ZodError): string {
  const parts = error.issues.slice(0, MAX_ISSUES).map((i) => `${i.path.length > 0 ? i.path.join('.') : 'body'}: ${i.message}`);
  const more = error.issues.length - MAX_ISSUES;
  return `body does not match the mark_as_proposal_referee event: ${parts.join('; ')}${more > 0 ? ` (and ${more} more)` : ''}`;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** The profile's key, or the error the secret store raised (a locked or missing keychain). */
async function readKey(deps: DeliveryDeps, profileId: string): Promise<string | null | Error> {
  try {
    return await deps.getApiKey(profileId);
  } catch (err) {
    return err instanceof Error ? err : new Error(String(err));
  }
}

/** Handles one delivery body. Never throws: every failure becomes a reply. */
export async function handleDelivery(deps: DeliveryDeps, raw: Uint8Array, remote: string): Promise<DeliveryReply> {
  const refuse = (status: number, message: string, body?: WebhookBody): DeliveryReply => {
    deps.logger.log('warn', 'webhook delivery refused', {
      status,
      reason: message,
      remote,
      serviceManuscriptId: body?.payload.manuscript_id ?? null,
      order: body?.order ?? null,
    });
    return { status, outcome: 'rejected', message, serviceManuscriptId: body?.payload.manuscript_id ?? null, order: body?.order ?? null };
  };

  const limits = { ...DEFAULT_DELIVERY_LIMITS, ...deps.deliveryLimits };
  if (nestingExceeds(raw, limits.maxDepth)) return refuse(400, `body nested deeper than ${limits.maxDepth} levels`);
  let json: unknown;
  try {
    json = JSON.parse(decoder.decode(raw));
  } catch {
    return refuse(400, 'body is not valid JSON (UTF-8)');
  }
  const parsed = webhookBodySchema.safeParse(json);
  if (!parsed.success) return refuse(400, describeIssues(parsed.error));
  const body = parsed.data;
  if (body.action !== WEBHOOK_ACTION) return refuse(400, `unsupported action (expected ${WEBHOOK_ACTION})`, body);

  const profileId = deps.activeProfileId();
  const expected = profileId === null ? null : await readKey(deps, profileId);
  if (expected instanceof Error) {
    deps.logger.log('error', 'webhook delivery: the API key could not be read', { error: expected.message });
    return { ...refuse(503, 'the app could not read its API key; deliver again later', body), retryAfter: 60 };
  }
  if (profileId === null || expected === null || expected === '') {
    const reply = refuse(503, 'the app has no active connection profile with an API key', body);
    return { ...reply, retryAfter: 60 };
  }
  if (!safeEqual(body.api_key, expected)) return refuse(401, 'api_key does not match the connection profile', body);

  const serviceManuscriptId = body.payload.manuscript_id;
  const originId = body.payload.origin_id;
  const base = { serviceManuscriptId, order: body.order };
  if (body.test === true) {
    deps.logger.log('info', 'webhook connectivity check received', { remote, order: body.order, serviceManuscriptId });
    return { ...base, status: 200, outcome: 'test', message: 'connectivity check received; nothing changed' };
  }

  let outcome: 'applied' | 'stale' | 'parked';
  try {
    // The highest order seen for the profile (one counter per organization): an order far beyond it
    // would make every later real event stale, so it is refused and changes nothing. With nothing
    // seen yet the reference is 0, the counter's start, so a first event cannot take the order to
    // the end of the number line either.
    const highest = deps.cache.webhookLog.highestOrder(profileId);
    if (body.order > (highest ?? 0) + limits.maxOrderJump) {
      const reference = highest === null ? 'no order received yet, so counted from 0' : `the last order received (${highest})`;
      return refuse(400, `order is more than ${limits.maxOrderJump} ahead of ${reference}`, body);
    }
    // What is stored and shown is the body's known fields with the key taken out of every string, in any
    // encoding the redactor knows (a service echoing the key in a candidate's name must not put it in the cache).
    const known = redactValue(knownFields(body), [expected]);
    outcome = deps.cache.marks.applyMarks(profileId, {
      manuscriptId: serviceManuscriptId,
      originId,
      order: body.order,
      candidates: known.payload.candidates,
      payload: known,
    });
    deps.cache.webhookLog.pruneEvents(profileId);
  } catch (err) {
    if (isCorruption(err)) deps.cache.markCorrupt(`webhook delivery: ${(err as Error).message}`);
    deps.logger.log('error', 'webhook delivery could not be stored', {
      remote,
      serviceManuscriptId,
      order: body.order,
      error: (err as Error).message,
    });
    return { ...base, status: 500, outcome: 'rejected', message: 'the delivery could not be stored; please deliver it again' };
  }

  const local =
    outcome === 'parked'
      ? undefined
      : (deps.cache.manuscripts.getByServiceId(profileId, serviceManuscriptId) ??
        (originId !== null ? deps.cache.manuscripts.get(profileId, originId) : undefined));
  deps.logger.log('info', 'webhook delivery', {
    outcome,
    remote,
    serviceManuscriptId,
    originId,
    order: body.order,
    timestamp: body.timestamp,
    marked: body.payload.candidates.length,
    manuscriptLocalId: local?.id ?? null,
  });
  if (outcome !== 'stale' && deps.onMarksChanged) {
    const change: MarksChange = { profileId, serviceManuscriptId, originId, order: body.order, outcome };
    if (local) change.manuscriptLocalId = local.id;
    try {
      deps.onMarksChanged(change);
    } catch (err) {
      deps.logger.log('error', 'webhook onMarksChanged listener failed', { error: (err as Error).message });
    }
  }
  const message =
    outcome === 'applied'
      ? 'marks replaced'
      : outcome === 'stale'
        ? 'an event with the same or a newer order was already applied; ignored'
        : 'manuscript not known yet; kept and applied when it is uploaded';
  return { ...base, status: 200, outcome, message };
}

/**
 * Whether the JSON text nests arrays/objects deeper than `max`. A linear scan of the bytes, before
 * JSON.parse, so a 100,000-deep body costs one pass and never reaches code that recurses.
 */
export function nestingExceeds(raw: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const b = raw[i]!;
    if (inString) {
      if (b === 0x5c)
        i++; // backslash: skip the escaped byte
      else if (b === 0x22) inString = false;
    } else if (b === 0x22) inString = true;
    else if (b === 0x7b || b === 0x5b) {
      if (++depth > max) return true;
    } else if (b === 0x7d || b === 0x5d) depth--;
  }
  return false;
}

function knownCandidate(c: WebhookCandidate): WebhookCandidate {
  return {
    name: c.name,
    first_name: c.first_name,
    last_name: c.last_name,
    middle_name: c.middle_name,
    suffix: c.suffix,
    author_id: c.author_id,
    email: c.email,
    orcid: c.orcid,
    affiliation: c.affiliation,
    articlesCount: c.articlesCount,
    citationsCount: c.citationsCount,
    hIndex: c.hIndex,
    score: c.score,
    url: c.url,
    relevant_concepts: c.relevant_concepts,
    authors_groups: c.authors_groups.map((g) => ({ group_id: g.group_id, client_id: g.client_id })),
    marked: c.marked,
    marked_by: c.marked_by,
  };
}

/**
 * The body as stored: the fields of §6 only, without api_key. Unknown fields (at any level) are
 * dropped, never serialised: they cost nothing to store and cannot carry a hostile structure.
 */
export interface StoredWebhookBody {
  action: string;
  timestamp: number;
  order: number;
  test?: boolean;
  payload: {
    version: number;
    manuscript_id: number;
    origin_id: string | null;
    candidates: WebhookCandidate[];
    authors_groups_settings: { authors_groups: Array<{ id: number; name: string; label: string | null }>; effect: string } | null;
  };
}

export function knownFields(body: WebhookBody): StoredWebhookBody {
  const p = body.payload;
  const s = p.authors_groups_settings;
  return {
    action: body.action,
    timestamp: body.timestamp,
    order: body.order,
    ...(body.test === undefined ? {} : { test: body.test }),
    payload: {
      version: p.version,
      manuscript_id: p.manuscript_id,
      origin_id: p.origin_id,
      candidates: p.candidates.map(knownCandidate),
      authors_groups_settings: s
        ? { authors_groups: s.authors_groups.map((g) => ({ id: g.id, name: g.name, label: g.label })), effect: s.effect }
        : null,
    },
  };
}
