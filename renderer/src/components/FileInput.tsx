// A file input that looks like the app's buttons: the native input stays in the page (keyboard, screen
// readers and test drivers use it as is) but is visually hidden; the label shows a button and the name of
// the file chosen.
import { FileUp } from 'lucide-react';
import { useId, useState, type InputHTMLAttributes } from 'react';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> {
  /** The button's word, e.g. "Choose a CSV file". */
  button: string;
}

export function FileInput({ button, onChange, ...input }: Props) {
  const id = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <span className="file-input">
      <input
        {...input}
        id={input.id ?? id}
        type="file"
        className="sr-only"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          setChosen(files.length === 0 ? null : files.length === 1 ? files[0]!.name : `${files.length} files`);
          onChange?.(e);
        }}
      />
      <label htmlFor={input.id ?? id} className="file-input-button" aria-hidden="true">
        <FileUp size={16} aria-hidden="true" />
        {button}
      </label>
      <span className={chosen ? 'file-input-name' : 'file-input-name muted'}>{chosen ?? 'No file chosen'}</span>
    </span>
  );
}
