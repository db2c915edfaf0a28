/** An error the editor must read: announced by screen readers, nothing when there is none. */
export function Alert({ text }: { text: string | null | undefined }) {
  return text ? (
    <p role="alert" className="error">
      {text}
    </p>
  ) : null;
}
