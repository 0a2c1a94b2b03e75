/** @module The inline error under a dialog field: announced when it appears, and named by the field's aria-describedby. */

/** Shows `message` (nothing when null) with the id the field points to. */
export function FieldError({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <span id={id} className="field-error" role="alert">
      {message}
    </span>
  );
}
