// A date field drawn by the app: a text field that takes the date as the editor types it ("28 Nov 2026",
// "2026-11-28") and shows it in their words, a calendar in a popover (Radix Popover, react-day-picker),
// and a clear button. The value stays a stored day, YYYY-MM-DD, or null.
import * as Popover from '@radix-ui/react-popover';
import { CalendarDays, X } from 'lucide-react';
import { Suspense, lazy, useId, useRef, useState, type KeyboardEvent } from 'react';
import { dateToIso, formatDateText, isWholeDate, isoToDate, parseDateText } from './date-text';
import './date-picker.css';

const DateCalendar = lazy(() => import('./DateCalendar'));

interface Props {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  disabled?: boolean;
  /** Told what was typed when it is not a date: a form that checks its fields before sending refuses it in its own
   *  words, and the field then only marks itself (a sentence appearing under it would move the form's button away
   *  from the click that left the field). */
  onInvalidText?: (typed: string) => void;
}

export function DateInput({ label, value, onChange, disabled, onInvalidText }: Props) {
  const errorId = useId();
  /** What the editor is typing; null shows the saved value in their words. */
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const content = useRef<HTMLDivElement>(null);

  const take = (next: string | null) => {
    setDraft(null);
    setError(null);
    if (next !== value) onChange(next);
  };
  /** Leaving the field (or Enter) settles what was typed: a date, empty for none, or an error kept beside the text. */
  const settle = () => {
    if (draft === null) return;
    const parsed = parseDateText(draft);
    if ('error' in parsed) {
      setError(parsed.error);
      onInvalidText?.(draft.trim());
    } else take(parsed.date);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.altKey && e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
    } else if (e.key === 'Enter') {
      settle();
    } else if (e.key === 'Escape' && draft !== null) {
      // Escape gives the typing up and shows the saved date again.
      setDraft(null);
      setError(null);
    }
  };
  const today = () => {
    take(dateToIso(new Date()));
    setOpen(false);
  };

  return (
    <Popover.Root open={open && !disabled} onOpenChange={setOpen}>
      <span className="date-field">
        <Popover.Anchor asChild>
          <span className={`date-input${disabled ? ' disabled' : ''}${error ? ' invalid' : ''}`}>
            <input
              type="text"
              aria-label={label}
              aria-invalid={error ? true : undefined}
              aria-describedby={error && !onInvalidText ? errorId : undefined}
              aria-keyshortcuts="Alt+ArrowDown"
              placeholder="Add a date"
              title="A date such as 28 Nov 2026 or 2026-11-28; Alt+Down opens the calendar"
              autoComplete="off"
              spellCheck={false}
              size={12}
              value={draft ?? formatDateText(value)}
              disabled={disabled}
              onChange={(e) => {
                const typed = e.target.value;
                setDraft(typed);
                setError(null);
                // A whole date is taken at once; a half-typed one waits for the field to be left.
                if (!isWholeDate(typed)) return;
                const parsed = parseDateText(typed);
                if (!('error' in parsed) && parsed.date !== value) onChange(parsed.date);
              }}
              onBlur={settle}
              onKeyDown={onKeyDown}
            />
            {value && !disabled ? (
              <button type="button" className="icon-button" aria-label={`Clear ${label}`} onClick={() => take(null)}>
                <X size={14} aria-hidden="true" />
              </button>
            ) : null}
            <Popover.Trigger asChild>
              <button type="button" className="icon-button" aria-label={`Choose ${label} on a calendar`} disabled={disabled}>
                <CalendarDays size={16} aria-hidden="true" />
              </button>
            </Popover.Trigger>
          </span>
        </Popover.Anchor>
        {error && !onInvalidText ? (
          <span id={errorId} className="field-error" aria-live="polite">
            {error}
          </span>
        ) : null}
      </span>
      <Popover.Portal>
        <Popover.Content
          className="date-popover floating-surface"
          aria-label={`${label}: calendar`}
          align="start"
          sideOffset={4}
          collisionPadding={8}
          ref={content}
          // Focus goes to the chosen day (or today). A calendar already loaded is drawn before this popover's focus
          // scope takes over from a dialog around the field, which would pull its own focus back: focused again here.
          // One still loading focuses its day itself once drawn.
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            content.current?.querySelector<HTMLElement>('.rdp-day_button[tabindex="0"]')?.focus();
          }}
        >
          <Suspense fallback={<span className="date-popover-loading">Loading the calendar…</span>}>
            <DateCalendar
              selected={isoToDate(value)}
              onPick={(day) => {
                take(dateToIso(day));
                setOpen(false);
              }}
            />
          </Suspense>
          <div className="date-popover-footer">
            <span>Arrows move, Enter picks, Esc closes</span>
            <button type="button" onClick={today}>
              Today
            </button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
