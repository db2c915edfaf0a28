import * as RadixSelect from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import './select.css';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/** Options under a heading (a native select's optgroup). */
export interface SelectGroup {
  group: string;
  options: readonly SelectOption[];
}

/** Radix refuses an item whose value is '': an option meaning "none" ('') travels under this value instead. */
export const NONE_VALUE = ':none';
const toRadix = (value: string) => (value === '' ? NONE_VALUE : value);
const fromRadix = (value: string) => (value === NONE_VALUE ? '' : value);

function Item({ option }: { option: SelectOption }) {
  return (
    <RadixSelect.Item value={toRadix(option.value)} disabled={option.disabled} className="select-item">
      <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
      <RadixSelect.ItemIndicator className="select-check">
        <Check size={14} aria-hidden="true" />
      </RadixSelect.ItemIndicator>
    </RadixSelect.Item>
  );
}

/**
 * A select drawn by the app (Radix Select: keyboard, typeahead, focus and screen-reader roles come with
 * it), themed like every other control instead of the platform's menu. `value` '' shows the placeholder,
 * unless an option has the value '' (a "none" choice such as "All folders" or "—"), which is then shown.
 */
export function Select({
  label,
  value,
  options,
  onChange,
  placeholder,
  className,
  id,
  disabled,
}: {
  /** The accessible name (the trigger is a combobox). */
  label: string;
  value: string;
  options: readonly (SelectOption | SelectGroup)[];
  onChange: (value: string) => void;
  placeholder?: string;
  className?: string;
  id?: string;
  disabled?: boolean;
}) {
  const hasNone = options.some((o) => 'value' in o && o.value === '');
  return (
    <RadixSelect.Root
      value={value === '' && !hasNone ? '' : toRadix(value)}
      onValueChange={(v) => onChange(fromRadix(v))}
      disabled={disabled}
    >
      <RadixSelect.Trigger id={id} className={`select-trigger${className ? ` ${className}` : ''}`} aria-label={label}>
        <RadixSelect.Value placeholder={placeholder} />
        <RadixSelect.Icon className="select-icon">
          <ChevronDown size={14} aria-hidden="true" />
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content className="select-content floating-surface" position="popper" sideOffset={4}>
          <RadixSelect.Viewport className="select-viewport">
            {options.map((o) =>
              'group' in o ? (
                <RadixSelect.Group key={`group:${o.group}`}>
                  <RadixSelect.Label className="select-label">{o.group}</RadixSelect.Label>
                  {o.options.map((g) => (
                    <Item key={g.value} option={g} />
                  ))}
                </RadixSelect.Group>
              ) : (
                <Item key={o.value} option={o} />
              ),
            )}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
}
