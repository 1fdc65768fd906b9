import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import { recordAudit, type AuditContext } from "@/lib/server/audit/record-audit";
import { db } from "@/lib/server/db/client";
import { advisoryLock } from "@/lib/server/db/locks";
import { transaction } from "@/lib/server/db/transaction";
import { retryAfterSeconds } from "@/lib/server/api/retry-after";

/**
 * The limit on re-checks inside a session (docs/PRODUCT-RULES.md §30.2): wherever a signed-in user proves again that
 * it is them – the current password for a new one, a 2FA code to turn 2FA off or to get new recovery codes, later
 * the time clock's PIN – 5 wrong answers within 15 minutes answer every re-check of that user 429 until the oldest
 * of them is 15 minutes old. One count for all of them: a stolen session must not get 5 guesses per kind.
 *
 * Stored in PostgreSQL (`recheck_failures`), so all app instances count alike. Each answer counts as wrong before it
 * is judged, under a lock per user, so parallel guesses cannot slip past the limit; the row goes when the answer was
 * right. A right answer does not clear earlier failures: the checks share the count, and a known password must not
 * buy new guesses at the 2FA code (or the other way round). The count forgets by itself after 15 minutes.
 */
export const RECHECK_WINDOW_MS = 15 * 60 * 1000;
export const MAX_WRONG_RECHECKS = 5;
export const RECHECK_LIMITED_MESSAGE = "Zu viele falsche Eingaben. Bitte versuche es in einigen Minuten erneut.";

/** Which re-check: named in the audit row and the history's sentence (lib/server/audit/describe-audit.ts). */
export type Recheck = "change_password" | "disable_2fa" | "recovery_codes";
/** What was wrong; never the answer itself. */
export type WrongReason = "wrong_password" | "wrong_2fa_code" | "wrong_recovery_code";

/** Thrown by a re-check's judge for a wrong answer: `answer` is the error the caller gets. */
export class WrongAnswer extends Error {
  constructor(
    readonly reason: WrongReason,
    readonly answer: ApiError,
  ) {
    super(answer.message);
  }
}

export type RecheckOptions = { check: Recheck; audit: AuditContext };

/**
 * Runs `judge` under the user's re-check limit: 429 with Retry-After before `judge` runs when the limit is reached
 * (the first such refusal of a lock audited as `auth.recheck_locked`); a `WrongAnswer` from `judge` stays counted and
 * is audited as `auth.recheck_failed`. Anything else `judge` throws stays counted too (it ended without a right
 * answer), unaudited.
 */
export async function withRecheckLimit<T>({ check, audit }: RecheckOptions, judge: () => Promise<T>): Promise<T> {
  const failure = await countUpFront(check, audit);
  let result: T;
  try {
    result = await judge();
  } catch (error) {
    if (!(error instanceof WrongAnswer)) throw error;
    const user = audit.actor;
    await recordAudit(db, {
      actor: user,
      action: "auth.recheck_failed",
      entityType: "user",
      entityId: user.id,
      details: { check, reason: error.reason },
      ip: audit.ip,
    });
    throw error.answer;
  }
  await db.recheckFailure.deleteMany({ where: { id: failure.id } });
  return result;
}

async function countUpFront(check: Recheck, audit: AuditContext): Promise<{ id: number }> {
  const user = audit.actor;
  const outcome = await transaction(async (tx) => {
    await advisoryLock(tx, { kind: "recheck", userId: user.id });
    // The time once the lock is held: the user's failures and refusals then follow each other in time as in order.
    const now = new Date();
    const since = new Date(now.getTime() - RECHECK_WINDOW_MS);
    // Rows that left the window count for nothing: each re-check prunes its user's, so no job is needed.
    await tx.recheckFailure.deleteMany({ where: { userId: user.id, createdAt: { lt: since } } });
    const failures = await tx.recheckFailure.findMany({
      where: { userId: user.id },
      orderBy: { createdAt: "desc" },
      take: MAX_WRONG_RECHECKS,
      select: { createdAt: true },
    });
    if (failures.length >= MAX_WRONG_RECHECKS) {
      // The limit lifts when the oldest counted failure leaves the window; refusals are not counted, so they do not
      // prolong it.
      const retryAfter = retryAfterSeconds(failures.at(-1)!.createdAt, RECHECK_WINDOW_MS, now);
      // Only the first refusal of a lock is audited, or a stolen session hammering the limit would add a row per
      // request (§30.2). A lock begins with the failure that made the count full, its newest: a refusal after it
      // that is already audited belongs to the same lock. A lock after the window is a new one, after a new failure.
      // Both times are the app's clock, taken under this lock (`at` below).
      const audited = await tx.auditLog.findFirst({
        where: { userId: user.id, action: "auth.recheck_locked", createdAt: { gte: failures[0]!.createdAt } },
        select: { id: true },
      });
      if (!audited) {
        // Commits with this transaction; the 429 is thrown after it.
        await recordAudit(tx, {
          actor: user,
          action: "auth.recheck_locked",
          entityType: "user",
          entityId: user.id,
          details: { check, retry_after: retryAfter },
          ip: audit.ip,
          at: now,
        });
      }
      return { retryAfter };
    }
    return {
      failure: await tx.recheckFailure.create({ data: { userId: user.id, createdAt: now }, select: { id: true } }),
    };
  });
  if ("retryAfter" in outcome) {
    throw new ApiError("rate_limited", RECHECK_LIMITED_MESSAGE, {
      headers: { "Retry-After": String(outcome.retryAfter) },
    });
  }
  return outcome.failure;
}
