// Settings → Invitations: what is wrong with the numbers before they are saved, in the editor's words
// (the same bounds the contract enforces).
import { MAX_DUE_DAYS } from '../../../../electron/common/domain/invitation';
import type { InvitationSettings } from '../../../../electron/common/shapes';

const BOUNDS = {
  reminderDays: { label: 'Remind me after (days)', max: 365 },
  fatigueK: { label: 'Busy when invited (times)', max: 1000 },
  fatigueD: { label: 'In the last (days)', max: 3650 },
  fatigueR: { label: 'Reviewing (manuscripts)', max: 1000 },
} as const;

export function settingsProblems(s: Pick<InvitationSettings, keyof typeof BOUNDS>): string[] {
  const out: string[] = [];
  for (const key of Object.keys(BOUNDS) as Array<keyof typeof BOUNDS>) {
    const v = s[key];
    const { label, max } = BOUNDS[key];
    if (!Number.isInteger(v) || v < 1 || v > max) out.push(`${label}: enter a whole number from 1 to ${max.toLocaleString('en')}.`);
  }
  return out;
}

/** The default due period (days): a whole number from 1 to a year. */
export const dueDaysProblem = (days: number): string | null =>
  Number.isInteger(days) && days >= 1 && days <= MAX_DUE_DAYS
    ? null
    : `Reports due after (days): enter a whole number from 1 to ${MAX_DUE_DAYS}.`;
