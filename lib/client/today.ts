/**
 * Today as yyyy-MM-dd in the browser's time zone. The people planning sit
 * where the business is, so this is the business's "today" (PRODUCT.md §5);
 * the server decides with APP_TIMEZONE wherever it counts (balances, archiving).
 * Read from the Date's local fields, the same date as
 * `todayIn(<the browser's time zone>)` without an Intl call (whose first use
 * on a page costs tens of ms of ICU start-up).
 */
export function today(now: Date = new Date()): string {
  const pad = (value: number, width: number) => String(value).padStart(width, "0");
  return `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1, 2)}-${pad(now.getDate(), 2)}`;
}
