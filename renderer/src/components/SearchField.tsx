// The search box of a view's toolbar: a magnifier, a type="search" input that Ctrl+F focuses
// (data-shortcut="search"), the text in, every change out.
import { Search } from 'lucide-react';
import type { InputHTMLAttributes } from 'react';

export function SearchField({
  value,
  onText,
  label,
  ...input
}: {
  value: string;
  onText: (text: string) => void;
  /** The accessible name ("Search manuscripts"). */
  label: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'aria-label'>) {
  return (
    <span className="search-field">
      <Search size={14} aria-hidden="true" />
      <input type="search" data-shortcut="search" aria-label={label} {...input} value={value} onChange={(e) => onText(e.target.value)} />
    </span>
  );
}
