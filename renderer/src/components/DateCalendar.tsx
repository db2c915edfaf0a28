// The calendar of components/DateInput.tsx, loaded the first time a calendar opens (react-day-picker and its
// date library stay out of the views' chunks until then). Its sheet is overridden by date-picker.css, whose rules
// are more specific, whichever loads first.
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';

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
    />
  );
}
