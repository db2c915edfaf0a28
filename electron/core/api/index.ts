export { ServiceClient } from './client';
export { isOutcomeUnknown, OutcomeUnknownError, OPERATION_FEATURE, OPERATION_LABEL, redact, type Operation } from './errors';
export { DEFAULT_RETRY, DEFAULT_TIMEOUTS, DEFAULT_UPLOAD_RETRY } from './retry';
export type * from './types';
