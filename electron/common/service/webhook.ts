// The mark_as_proposal_referee webhook body (spec §6). It carries the organization key in
// api_key: the receiver compares it and must drop it before storing or logging the body.
import { z } from 'zod';
import { candidateBaseShape, settingsGroupSchema } from './upload';

export const webhookCandidateSchema = z.looseObject({
  ...candidateBaseShape,
  marked: z.boolean(),
  marked_by: z.string(),
});
export type WebhookCandidate = z.infer<typeof webhookCandidateSchema>;

export const webhookPayloadSchema = z.looseObject({
  version: z.number().int(),
  manuscript_id: z.number().int(),
  origin_id: z.string().nullable(),
  candidates: z.array(webhookCandidateSchema),
  authors_groups_settings: z
    .looseObject({ authors_groups: z.array(settingsGroupSchema).default([]), effect: z.string() })
    .nullable()
    .default(null),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

export const webhookBodySchema = z.looseObject({
  action: z.string(),
  timestamp: z.number().int(),
  order: z.number().int(),
  api_key: z.string(),
  payload: webhookPayloadSchema,
  /** true only in the service's connectivity check. */
  test: z.boolean().optional(),
});
export type WebhookBody = z.infer<typeof webhookBodySchema>;

/** The body without its api_key, for storing and logging. */
export function withoutApiKey(body: WebhookBody): Omit<WebhookBody, 'api_key'> {
  const rest: Partial<WebhookBody> = { ...body };
  delete rest.api_key;
  return rest as Omit<WebhookBody, 'api_key'>;
}
