// A labelled text input bound to one field of a form whose state is one object (a new group, a new profile):
// the field's value in, the whole object with that field changed out. The label is visible (DESIGN.md: no
// placeholder-only fields) and is the input's sibling, so a `.grid2` puts it in the label column and a `.row`
// beside its field; the placeholder, when given, is an example.
import { useId, type InputHTMLAttributes } from 'react';
import { Required } from './Required';

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
  /** The visible label, which also names the field. */
  label: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'aria-label' | 'id'>) {
  const id = useId();
  return (
    <>
      <label htmlFor={id}>
        {label}
        {input.required ? (
          <>
            {' '}
            <Required />
          </>
        ) : null}
      </label>
      <input id={id} {...input} value={draft[field] as string} onChange={(e) => onDraft({ ...draft, [field]: e.target.value })} />
    </>
  );
}
