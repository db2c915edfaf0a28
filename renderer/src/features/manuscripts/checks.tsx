// The pre-filled fields intake was unsure of (electron/common/domain/intake.ts fieldsToCheck), as the
// upload form shows them: a "Check" mark with the reason next to the field, tied to it by aria-describedby.
import { AlertTriangle } from 'lucide-react';
import type { AuthorPart, FieldToCheck } from '../../../../electron/common/domain/intake';

export type CheckKey = 'title' | 'abstract' | 'authors_count' | `author-${number}-${AuthorPart}`;

export const checkKey = (c: FieldToCheck): CheckKey => (c.field === 'author' ? `author-${c.index}-${c.part}` : c.field);

/** The reason for each field to check, by form field. */
export function checksByField(checks: readonly FieldToCheck[]): Map<CheckKey, string> {
  const out = new Map<CheckKey, string>();
  for (const c of checks) out.set(checkKey(c), out.has(checkKey(c)) ? `${out.get(checkKey(c))} ${c.reason}` : c.reason);
  return out;
}

/** "2 fields to check" on a collapsed card; empty when there is nothing to check. */
export function checksSummary(count: number): string {
  return count === 0 ? '' : `${count} field${count === 1 ? '' : 's'} to check`;
}

export function CheckMark({ id, reason }: { id: string; reason: string }) {
  return (
    <span id={id} className="check-mark" data-testid="field-check">
      <AlertTriangle size={14} aria-hidden="true" /> Check: {reason}
    </span>
  );
}
