// The Activity view's writes: send what waits now, retry or discard one queued change. The view calls
// these; the change feed reloads what they change.
import type { SyncNowView } from '../../../electron/common/shapes';
import { desk } from '../platform/instance';

/** Sends what waits now and says what came of it. */
export const syncNow = (): Promise<SyncNowView> => desk().invoke('sync.now', {});

export const retryQueued = (id: number): Promise<unknown> => desk().invoke('outbox.retry', { id });

export const discardQueued = (id: number): Promise<unknown> => desk().invoke('outbox.discard', { id });
