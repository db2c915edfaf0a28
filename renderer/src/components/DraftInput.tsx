// A text input bound to one field of a form whose state is one object (a new group, a new profile):
// the field's value in, the whole object with that field changed out.
import type { InputHTMLAttributes } from 'react';

type StringKeys<D> = { [K in keyof D]: D[K] extends string ? K : never }[keyof D];

export function DraftInput<D, K extends StringKeys<D>>({
  draft,
  onDraft,
  field,
  label,
  ...input
}: {
  draft: D;
  onDraft: (next: D) => void;
  field: K;
  /** The accessible name; the placeholder defaults to it. */
  label: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'aria-label'>) {
  return (
    <input
      aria-label={label}
      placeholder={label}
      {...input}
      value={draft[field] as string}
      onChange={(e) => onDraft({ ...draft, [field]: e.target.value })}
    />
  );
}
