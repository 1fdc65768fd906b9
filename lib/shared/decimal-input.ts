/**
 * A number as typed into a form field (docs/PRODUCT-RULES.md §29.4): de-CH writes "32,5", so a decimal comma counts
 * like a point. Answers null for an empty field and NaN for anything that is not one plain number ("3,2,5", "abc",
 * "1e3", "32,5 h"), so the form's schema says what is wrong instead of a silently different number.
 */
export function parseDecimalInput(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  if (!/^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/.test(trimmed)) return Number.NaN;
  return Number(trimmed.replace(",", "."));
}

/** The same for a required field: empty is NaN too, so the schema's "… muss eine Zahl sein" appears. */
export function requiredDecimal(text: string): number {
  return parseDecimalInput(text) ?? Number.NaN;
}
