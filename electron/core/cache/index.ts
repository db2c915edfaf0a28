// The offline cache: one SQLite file per installation, every row scoped to a connection profile.
export { openCache, isCorruption, recoveryNotice, type Cache, type OpenCacheOptions, type RecoveryReport } from './open';
export { cacheFailureOf, cacheFailureError, withCacheErrors, type CacheFailure } from './failures';
export { LATEST_VERSION, MIGRATIONS, type Migration } from './migrations';
export type { RecordedRun } from './run-recorder';
export type { MarksEvent } from './marks';
export type { WebhookReceipt } from './webhookLog';
export type * from './types';
export { CONFLICT_BITS } from './types';
