/** The mark of a field a form needs (screen readers hear "required" from the field itself). */
export function Required() {
  return (
    <span className="required" aria-hidden="true" title="Required">
      *
    </span>
  );
}
