import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import { retryAfterSeconds } from "@/lib/server/api/retry-after";
import { db } from "@/lib/server/db/client";
import { advisoryLock } from "@/lib/server/db/locks";
import { transaction } from "@/lib/server/db/transaction";

/**
 * Unknown calendar links per IP (docs/PRODUCT-RULES.md §26.2), kept in PostgreSQL like the login throttle
 * (lib/server/auth/login-throttle.ts) so every app instance counts alike, but in a table of its own: a
 * misconfigured calendar app must not lock its owner out of the login, nor failed logins its calendar.
 * Only misses count, so a calendar app polling a valid link is never blocked.
 */
export const FEED_THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FEED_MISSES_PER_IP = 100;

/**
 * Records an unknown link from `ip`, or refuses with 429 (Retry-After) once the IP has had its share of misses
 * in the window. The advisory lock per IP keeps parallel guesses from slipping past the limit.
 */
export async function recordFeedMiss(ip: string, now = new Date()): Promise<void> {
  const since = new Date(now.getTime() - FEED_THROTTLE_WINDOW_MS);
  await transaction(async (tx) => {
    await advisoryLock(tx, { kind: "calendar-feed", ip });
    const misses = await tx.calendarFeedMiss.findMany({
      where: { ip, createdAt: { gte: since } },
      orderBy: { createdAt: "desc" },
      take: MAX_FEED_MISSES_PER_IP,
      select: { createdAt: true },
    });
    if (misses.length >= MAX_FEED_MISSES_PER_IP) {
      // The limit lifts when the oldest counted miss leaves the window.
      const retryAfter = retryAfterSeconds(misses.at(-1)!.createdAt, FEED_THROTTLE_WINDOW_MS, now);
      throw new ApiError("rate_limited", "Zu viele ungültige Kalender-Links. Bitte versuche es später erneut.", {
        headers: { "Retry-After": String(retryAfter) },
      });
    }
    await tx.calendarFeedMiss.create({ data: { ip, createdAt: now } });
  });
  // Old rows are no use to the throttle; a day stays for a look at an attack.
  if (Math.random() < 0.01) {
    await db.calendarFeedMiss.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - 86_400_000) } } });
  }
}
