import type { Migration } from './types';

// Deliveries the webhook receiver answered without touching the marks: refusals (wrong api_key,
// bad body, basic auth, size, no key to check against) and connectivity checks. webhook_events
// keeps the ones that reached the marks (applied, stale, parked); together they are the Activity
// view's delivery list. No body is stored (a refused one may carry a wrong key), only what the
// receiver answered. profile_id is the profile active at the time, null when there was none.
export const migration004: Migration = {
  version: 4,
  name: 'webhook: deliveries answered without touching the marks',
  up(db) {
    db.exec(`
      CREATE TABLE webhook_receipts (
        id INTEGER PRIMARY KEY,
        profile_id TEXT REFERENCES profiles(id) ON DELETE CASCADE,
        received_at INTEGER NOT NULL,
        status INTEGER NOT NULL,
        outcome TEXT NOT NULL CHECK (outcome IN ('test', 'rejected')),
        reason TEXT NOT NULL,
        service_manuscript_id INTEGER,
        event_order INTEGER,
        remote TEXT
      ) STRICT;
      CREATE INDEX webhook_receipts_profile ON webhook_receipts(profile_id, received_at DESC);
      CREATE INDEX webhook_events_recent ON webhook_events(profile_id, received_at DESC);
    `);
  },
};
