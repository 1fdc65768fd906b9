import { todayIn } from "@/lib/shared/dates";

/**
 * Today as yyyy-MM-dd in the browser's time zone. The people planning sit
 * where the business is, so this is the business's "today" (PRODUCT.md §5);
 * the server decides with APP_TIMEZONE wherever it counts (balances, archiving).
 */
export function today(now: Date = new Date()): string {
  return todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone, now);
}
