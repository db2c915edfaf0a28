import { useState } from 'react';
import { DateInput } from '../../components/DateInput';
import type { CustomFieldRow } from '../../../../electron/common/shapes';
import { Select } from '../../components/Select';

/** How a value of a kind this version does not know is shown (read-only). */
const shown = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/** A typed editor for one custom field (spec §2.9): number, str, date, single and multi option.
 * A kind this version does not know is shown read-only: its value is kept as the service gave it. */
export function CustomFieldInput({ field, value, onChange }: { field: CustomFieldRow; value: unknown; onChange: (v: unknown) => void }) {
  const label = `${field.name}${field.description ? ` — ${field.description}` : ''}`;
  switch (field.dataKind) {
    case 'number':
      return <NumberInput label={label} value={value} onChange={onChange} />;
    case 'str':
      return (
        <input
          type="text"
          aria-label={label}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
        />
      );
    case 'date':
      // A typed text that is not a date is kept as the value, so the check before queueing refuses it by the field's name.
      return <DateInput label={label} value={typeof value === 'string' ? value : null} onChange={onChange} onInvalidText={onChange} />;
    case 'single_option':
      return (
        <Select
          label={label}
          value={typeof value === 'string' ? value : ''}
          options={[
            { value: '', label: '—' },
            ...(field.options ?? []).filter((o) => o.api_id !== '').map((o) => ({ value: o.api_id, label: o.option })),
          ]}
          onChange={(v) => onChange(v === '' ? null : v)}
        />
      );
    case 'multi_option': {
      const selected = new Set(Array.isArray(value) ? (value as string[]) : []);
      return (
        <span role="group" aria-label={label} className="multi">
          {(field.options ?? []).map((o) => (
            <label key={o.api_id}>
              <input
                type="checkbox"
                checked={selected.has(o.api_id)}
                onChange={(e) => {
                  const next = new Set(selected);
                  if (e.target.checked) next.add(o.api_id);
                  else next.delete(o.api_id);
                  onChange([...next]);
                }}
              />{' '}
              {o.option}
            </label>
          ))}
        </span>
      );
    }
    default:
      return (
        <span className="readonly-field">
          <input type="text" readOnly aria-label={label} value={shown(value)} />
          <span className="muted">Read-only: this version cannot edit fields of kind “{field.dataKind}”.</span>
        </span>
      );
  }
}

/**
 * What a number field holds as it is typed: empty is null, a number is a number, and anything else is
 * kept as typed (a native number input would silently drop it), so the check before queueing can say
 * "… must be a number" instead of sending an empty value.
 */
export function numberOrText(typed: string): number | string | null {
  const t = typed.trim();
  if (t === '') return null;
  return /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/.test(t) && Number.isFinite(Number(t)) ? Number(t) : typed;
}

const typedText = (v: unknown) => (typeof v === 'number' || typeof v === 'string' ? String(v) : '');

/** A number typed as text ("1.05" passes through "1.0"): the text stays as typed while it means the value held. */
function NumberInput({ label, value, onChange }: { label: string; value: unknown; onChange: (v: unknown) => void }) {
  const [text, setText] = useState(typedText(value));
  const [held, setHeld] = useState(value);
  if (value !== held) {
    // A new value from outside (another author loaded, the form cleared).
    setHeld(value);
    if (numberOrText(text) !== (value ?? null)) setText(typedText(value));
  }
  return (
    <input
      type="text"
      inputMode="decimal"
      aria-label={label}
      value={text}
      onChange={(e) => {
        const v = numberOrText(e.target.value);
        setText(e.target.value);
        setHeld(v);
        onChange(v);
      }}
    />
  );
}
