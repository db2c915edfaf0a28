import type { Migration } from './types';

// Why a queued write was parked, beside the error: 'rejected' (the service refused it for good:
// 400/403/404), 'outcome_unknown' (a non-idempotent group creation whose answer was lost), or
// 'failed' (the app itself could not send it). Existing parked rows were all refusals.
export const migration003: Migration = {
  version: 3,
  name: 'outbox: reason a write was parked',
  up(db) {
    db.exec(`
      ALTER TABLE outbox ADD COLUMN park_reason TEXT CHECK (park_reason IN ('rejected', 'outcome_unknown', 'failed'));
      UPDATE outbox SET park_reason = 'rejected' WHERE state = 'parked';
    `);
  },
};
