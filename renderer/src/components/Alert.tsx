import { Words } from './Words';

/** An error the editor must read: announced by screen readers, nothing when there is none; in the editor's words,
 *  the technical sentence under "Details". */
export function Alert({ text }: { text: string | null | undefined }) {
  return text ? (
    <div role="alert" className="error">
      <Words text={text} />
    </div>
  ) : null;
}
