import { migration001 } from './001-initial';
import { migration002 } from './002-search';
import { migration003 } from './003-outbox-park-reason';
import { migration004 } from './004-webhook-receipts';
import { migration005 } from './005-run-group-ids';
import { migration006 } from './006-shortlist-ledger';
import { migration007 } from './007-run-complete';
import { migration008 } from './008-outbox-indexes';
import { migration009 } from './009-run-links';
import { migration010 } from './010-group-verified';
import { migration011 } from './011-upload-form-once';
import { migration012 } from './012-author-base';
import { migration013 } from './013-office';
import { migration014 } from './014-ledger-stale';
import { migration015 } from './015-rounds';
import { migration016 } from './016-author-decisions';
import { migration017 } from './017-office-runs';
import { migration018 } from './018-office-receivers';
import { migration019 } from './019-outbox-kinds-in-code';
import { migration020 } from './020-office-decisions';
import { migration021 } from './021-decided-by';
import { migration022 } from './022-office-events-in-order';
import type { Migration } from './types';

export type { Migration } from './types';

/** Every schema step in order. Append a new file here; never edit or reorder a released one. */
export const MIGRATIONS: readonly Migration[] = [
  migration001,
  migration002,
  migration003,
  migration004,
  migration005,
  migration006,
  migration007,
  migration008,
  migration009,
  migration010,
  migration011,
  migration012,
  migration013,
  migration014,
  migration015,
  migration016,
  migration017,
  migration018,
  migration019,
  migration020,
  migration021,
  migration022,
];

export const LATEST_VERSION = MIGRATIONS.length;
