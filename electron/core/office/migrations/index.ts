// The office's schema steps in order (electron/core/office/schema.ts applies them). Append a migration; never edit
// or reorder a released one.
import type { OfficeMigration } from '../schema';
import { officeMigration001 } from './001-events';
import { officeMigration002 } from './002-moves';
import { officeMigration003 } from './003-office-wide';

export const OFFICE_MIGRATIONS: readonly OfficeMigration[] = [officeMigration001, officeMigration002, officeMigration003];
