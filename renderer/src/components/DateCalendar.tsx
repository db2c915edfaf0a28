// The calendar of components/DateInput.tsx, loaded the first time a calendar opens (react-day-picker and its
// date library stay out of the views' chunks until then). Its sheet is overridden by date-picker.css, whose rules
// are more specific, whichever loads first.
import { format } from 'date-fns';
import { DayPicker, type Modifiers } from 'react-day-picker';
import 'react-day-picker/style.css';

/** A day as a screen reader says it: "Friday 1 January 2027", its visible number a word of the name (as axe asks). */
export function dayLabel(date: Date, modifiers: Modifiers): string {
  const day = format(date, 'EEEE d MMMM yyyy');
  return `${modifiers.today ? 'Today, ' : ''}${day}${modifiers.selected ? ', chosen' : ''}`;
}

export default function DateCalendar({ selected, onPick }: { selected: Date | null; onPick: (day: Date) => void }) {
  return (
    <DayPicker
      mode="single"
      required
      autoFocus
      weekStartsOn={1}
      selected={selected ?? undefined}
      defaultMonth={selected ?? undefined}
      onSelect={onPick}
      labels={{ labelDayButton: dayLabel }}
    />
  );
}
