// mark_as_proposal_referee bodies as §6 describes them, for the webhook tests.
import type { WebhookCandidate } from '../../../electron/common/service';
import { sampleAuthor } from '../../support/sample-author';

export const KEY = 'org-key-0123456789abcdef';

export function markedCandidate(authorId: number, over: Partial<WebhookCandidate> = {}): WebhookCandidate {
  return {
    ...sampleAuthor(authorId),
    email: `a${authorId}@uni.example`,
    orcid: null,
    affiliation: 'University of Oxford, Oxford, UK',
    articlesCount: 12,
    citationsCount: 340,
    hIndex: 9,
    score: 87.5,
    relevant_concepts: ['protein folding'],
    url: `https://service.example/author/${authorId}`,
    authors_groups: [],
    marked: true,
    marked_by: 'editor@example.org',
    ...over,
  };
}

export interface BodyOptions {
  order: number;
  manuscriptId?: number;
  originId?: string | null;
  marked?: number[];
  apiKey?: string;
  test?: boolean;
  /** Extra top-level or payload fields (unknown ones must pass through). */
  extra?: Record<string, unknown>;
}

export function webhookBody(o: BodyOptions): Record<string, unknown> {
  return {
    action: 'mark_as_proposal_referee',
    timestamp: 1_736_931_600 + o.order,
    order: o.order,
    api_key: o.apiKey ?? KEY,
    payload: {
      version: 5,
      manuscript_id: o.manuscriptId ?? 10,
      origin_id: o.originId === undefined ? 'o1' : o.originId,
      candidates: (o.marked ?? []).map((id) => markedCandidate(id)),
      authors_groups_settings: null,
    },
    ...(o.test === undefined ? {} : { test: o.test }),
    ...o.extra,
  };
}

export const bytes = (v: unknown): Uint8Array => new TextEncoder().encode(typeof v === 'string' ? v : JSON.stringify(v));
