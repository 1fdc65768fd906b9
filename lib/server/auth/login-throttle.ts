import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import { db } from "@/lib/server/db/client";
import { advisoryLock } from "@/lib/server/db/locks";
import { transaction } from "@/lib/server/db/transaction";
import { retryAfterSeconds } from "@/lib/server/api/retry-after";

/**
 * Login throttling in PostgreSQL (docs/PRODUCT-RULES.md §4.5), shared by every app
 * instance: 10 failures per username or 100 per IP within 15 minutes, then
 * 429 with Retry-After until the window has passed. A success clears the
 * username's count. Never a permanent lock. Both steps of the login go through
 * `beginLoginAttempt`: the password and the 2FA code (§30.2).
 */
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_USERNAME = 10;
export const MAX_FAILURES_PER_IP = 100;

/** Usernames are matched case-insensitively, like at login. */
const key = (username: string) => username.trim().toLowerCase().slice(0, 100);

type Attempt = { id: number };

/**
 * Checks the limits and, if not reached, records this attempt as a failure
 * up front (turned into a success by `markSucceeded`). Counting before the
 * slow password check, under an advisory lock per username, keeps parallel
 * guesses from slipping past the limit.
 */
export async function beginLoginAttempt(username: string, ip: string, now = new Date()): Promise<Attempt> {
  const name = key(username);
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  return transaction(async (tx) => {
    await advisoryLock(tx, { kind: "login", name });
    const lastSuccess = await tx.loginAttempt.findFirst({
      where: { username: name, success: true, createdAt: { gte: since } },
      orderBy: { createdAt: "desc" },
      select: { createdAt: true },
    });
    const userFailures = await tx.loginAttempt.findMany({
      where: { username: name, success: false, createdAt: { gte: lastSuccess?.createdAt ?? since } },
      orderBy: { createdAt: "desc" },
      take: MAX_FAILURES_PER_USERNAME,
      select: { createdAt: true },
    });
    if (userFailures.length >= MAX_FAILURES_PER_USERNAME) {
      throw rateLimited(userFailures.at(-1)!.createdAt, now);
    }
    const ipFailures = await tx.loginAttempt.findMany({
      where: { ip, success: false, createdAt: { gte: since } },
      orderBy: { createdAt: "desc" },
      take: MAX_FAILURES_PER_IP,
      select: { createdAt: true },
    });
    if (ipFailures.length >= MAX_FAILURES_PER_IP) {
      throw rateLimited(ipFailures.at(-1)!.createdAt, now);
    }
    return tx.loginAttempt.create({
      data: { username: name, ip, success: false, createdAt: now },
      select: { id: true },
    });
  });
}

export async function markSucceeded(attempt: Attempt): Promise<void> {
  await db.loginAttempt.update({ where: { id: attempt.id }, data: { success: true, createdAt: new Date() } });
}

/**
 * Right password of a 2FA account: neither failure nor success yet. Only a
 * right code completes the login (the 2FA step's own attempt, `markSucceeded`),
 * so wrong codes keep counting across new challenges.
 */
export async function discardAttempt(attempt: Attempt): Promise<void> {
  await db.loginAttempt.delete({ where: { id: attempt.id } });
}

/**
 * The limit lifts when the oldest of the counted failures leaves the window.
 */
function rateLimited(oldestCounted: Date, now: Date): ApiError {
  const retryAfter = retryAfterSeconds(oldestCounted, THROTTLE_WINDOW_MS, now);
  return new ApiError("rate_limited", undefined, { headers: { "Retry-After": String(retryAfter) } });
}

/** Old rows are only history; keep a day for the audit trail of attacks. */
export async function pruneLoginAttempts(now = new Date()): Promise<void> {
  await db.loginAttempt.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - 24 * 60 * 60 * 1000) } } });
}
