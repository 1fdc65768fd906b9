/**
 * Today as yyyy-MM-dd in the browser's time zone. The people planning sit
 * where the business is, so this is the business's "today" (docs/PRODUCT-RULES.md §13);
 * the server decides with APP_TIMEZONE wherever it counts (balances, archiving).
 * Read from the Date's local fields, the same date as
 * `todayIn(<the browser's time zone>)` without an Intl call (whose first use
 * on a page costs tens of ms of ICU start-up).
 */
export function today(now: Date = new Date()): string {
  // No inner functions: the page head's early-request script carries this as source text, and tools that keep
  // function names (esbuild's keepNames) wrap inner ones in a helper the copy would lack.
  const [year, month, day] = [now.getFullYear(), now.getMonth() + 1, now.getDate()].map(String);
  return `${year.padStart(4, "0")}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
}
