import "server-only";

/**
 * Seconds until a sliding-window limit lifts: when the oldest counted failure leaves the window. At least 1, so a
 * client never gets `Retry-After: 0` and retries at once. Shared by the login limit (docs/PRODUCT-RULES.md §4.5), the
 * re-check limit (§30.2) and the calendar links' limit (§26.2), which must tell the time the same way.
 */
export function retryAfterSeconds(oldestCounted: Date, windowMs: number, now: Date): number {
  return Math.max(1, Math.ceil((oldestCounted.getTime() + windowMs - now.getTime()) / 1000));
}
