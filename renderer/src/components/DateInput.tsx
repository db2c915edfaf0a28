// A date input on the design tokens: the native control (its keyboard entry and its calendar stay the
// platform's, in the theme's colour scheme) inside one field with a calendar icon and a clear button.
import { CalendarDays, X } from 'lucide-react';

interface Props {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  disabled?: boolean;
}

export function DateInput({ label, value, onChange, disabled }: Props) {
  return (
    <span className={`date-input${disabled ? ' disabled' : ''}`}>
      <CalendarDays size={16} aria-hidden="true" />
      <input
        type="date"
        aria-label={label}
        value={value ?? ''}
        disabled={disabled}
        onChange={(e) => {
          // A date typed halfway reads as empty: wait for the whole date rather than clearing the saved one.
          if (e.target.value === '' && e.target.validity.badInput) return;
          onChange(e.target.value === '' ? null : e.target.value);
        }}
      />
      {value && !disabled ? (
        <button type="button" className="icon-button" aria-label={`Clear ${label}`} onClick={() => onChange(null)}>
          <X size={14} aria-hidden="true" />
        </button>
      ) : null}
    </span>
  );
}
