/**
 * "Bis" follows "Von" in every form with a date range (docs/PRODUCT-RULES.md §31.4): a start after the end, or a
 * start while the end is still empty, moves the end to the start; an end on or after the start stays. The date
 * inputs give "" while a date is incomplete, and such a start moves nothing.
 */
export function withStartDate<T extends { start_date: string; end_date: string }>(form: T, start: string): T {
  const complete = /^\d{4}-\d{2}-\d{2}$/.test(start);
  const moves = complete && (form.end_date === "" || form.end_date < start);
  return { ...form, start_date: start, end_date: moves ? start : form.end_date };
}
