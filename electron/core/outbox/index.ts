export { Outbox, type DrainResult, type OutboxOptions } from './outbox';
export { classifyFailure, type FailureAction } from './classify';
export { OutboxStore } from './store';
export { isOutboxKind, UNKNOWN_KIND_MESSAGE } from './kinds';
export * from './types';
