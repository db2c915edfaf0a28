// The mark_as_proposal_referee webhook receiver (spec §3, §5.6, §6). See docs/webhook.md.
export { WebhookReceiver, DEFAULT_LIMITS } from './receiver';
export type {
  AnsweredDelivery,
  WebhookLimits,
  WebhookStartOptions,
  WebhookReceiverDeps,
  WebhookStatus,
  LastDelivery,
  RunningReceiver,
} from './receiver';
export { handleDelivery, WEBHOOK_ACTION } from './delivery';
export type { DeliveryDeps, DeliveryOutcome, DeliveryReply, MarksChange } from './delivery';
export { newWebhookSecret, safeEqual } from './secrets';
