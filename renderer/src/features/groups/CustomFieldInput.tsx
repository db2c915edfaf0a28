import type { CustomFieldRow } from '../../../../electron/common/views';

/** A typed editor for one custom field (spec §2.9): number, str, date, single and multi option. */
export function CustomFieldInput({ field, value, onChange }: { field: CustomFieldRow; value: unknown; onChange: (v: unknown) => void }) {
  const label = `${field.name}${field.description ? ` — ${field.description}` : ''}`;
  switch (field.dataKind) {
    case 'number':
      return <input type="number" step="any" aria-label={label} value={typeof value === 'number' ? value : ''} onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))} />;
    case 'date':
      return <input type="date" aria-label={label} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)} />;
    case 'single_option':
      return (
        <select aria-label={label} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}>
          <option value="">—</option>
          {(field.options ?? []).map((o) => (
            <option key={o.api_id} value={o.api_id}>
              {o.option}
            </option>
          ))}
        </select>
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
      return <input type="text" aria-label={label} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)} />;
  }
}

/** Checks a value before it is sent, with the message the editor sees. */
export function customFieldError(field: CustomFieldRow, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (field.dataKind === 'number' && (typeof value !== 'number' || !Number.isFinite(value))) return `${field.name} must be a number.`;
  if (field.dataKind === 'date' && (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value)))) return `${field.name} must be a date (YYYY-MM-DD).`;
  const ids = new Set((field.options ?? []).map((o) => o.api_id));
  if (field.dataKind === 'single_option' && (typeof value !== 'string' || !ids.has(value))) return `${field.name}: choose one of its options.`;
  if (field.dataKind === 'multi_option' && (!Array.isArray(value) || value.some((v) => !ids.has(v as string)))) return `${field.name}: choose among its options.`;
  return null;
}
