import { useEffect, useRef } from "react";

/**
 * After a refused save, the first field with an error takes the focus (and scrolls into a tall dialog's view) once
 * the fields are enabled again. `order` pairs each field with the id of its control, in the form's order. The
 * caller sets the answered ref's `current` to true when it shows new errors (the dialogs of components/integrations/).
 */
export function useFocusFirstError(
  errors: Record<string, string>,
  busy: boolean,
  order: readonly (readonly [field: string, controlId: string])[],
) {
  const pending = useRef(false);
  useEffect(() => {
    if (!pending.current || busy) return;
    pending.current = false;
    const first = order.find(([field]) => errors[field]);
    if (first) document.getElementById(first[1])?.focus();
  }, [errors, busy, order]);
  return pending;
}
