import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import { retryAfterSeconds } from "@/lib/server/api/retry-after";
import { recordAudit } from "@/lib/server/audit/record-audit";
import { config } from "@/lib/server/config";
import { db, type Tx } from "@/lib/server/db/client";
import { advisoryLock } from "@/lib/server/db/locks";
import { transaction } from "@/lib/server/db/transaction";
import { timeOfDayIn } from "@/lib/shared/dates";

/**
 * PIN lockouts at a terminal (docs/PRODUCT-RULES.md §32.4), in PostgreSQL like the login limit (§4.5) so every app
 * instance sees them: 5 wrong PINs in a row within 15 minutes lock that employee on that terminal for 15 minutes
 * from the fifth; 30 wrong PINs of anyone within 15 minutes pause the terminal for 15 minutes. Both answer 429 with
 * Retry-After. An attempt is written as a pending failure before the slow bcrypt check, under an advisory lock per
 * terminal, and only one may be pending per employee and terminal: parallel guesses cannot slip past a limit, and a
 * double tap with the right PIN is not mistaken for guessing. A right PIN removes its row and clears the employee's
 * earlier ones.
 */
export const PIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_PIN_FAILURES = 5;
export const MAX_TERMINAL_FAILURES = 30;
/** A pending attempt older than this belongs to a request that died; it counts as a wrong PIN. */
const PENDING_MS = 30_000;

export const NO_PIN =
  "Für dich ist noch keine PIN festgelegt. Lege sie in der App unter „Meine Schichten“ fest oder frag die Leitung.";
export const PIN_BEING_CHECKED = "Deine PIN wird gerade geprüft. Bitte einen Moment.";

export type PinAttempt = { id: number; terminalId: number; employeeId: number; pinHash: string };

type AttemptKey = { terminalId: number; employeeId: number; ip: string };

const clockTime = (instant: Date) => timeOfDayIn(config.timeZone, instant);

function tooMany(message: string, until: Date, now: Date): ApiError {
  const seconds = retryAfterSeconds(new Date(until.getTime() - PIN_WINDOW_MS), PIN_WINDOW_MS, now);
  return new ApiError("rate_limited", message, { headers: { "Retry-After": String(seconds) } });
}

const pausedError = (until: Date, now: Date) =>
  tooMany(`Zu viele falsche PINs: diese Stempeluhr ist bis ${clockTime(until)} Uhr pausiert.`, until, now);
const lockedError = (until: Date, now: Date) =>
  tooMany(`Zu viele falsche PINs: für dich ist diese Stempeluhr bis ${clockTime(until)} Uhr gesperrt.`, until, now);

/** The employee's lock on this terminal: until 15 minutes after the fifth of five wrong PINs in a row. */
async function employeeLockedUntil(tx: Tx, key: AttemptKey, now: Date): Promise<Date | null> {
  const recent = await tx.terminalPinFailure.findMany({
    where: { terminalId: key.terminalId, employeeId: key.employeeId, cleared: false },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: MAX_PIN_FAILURES,
    select: { createdAt: true },
  });
  if (recent.length < MAX_PIN_FAILURES) return null;
  const [latest, oldest] = [recent[0].createdAt, recent.at(-1)!.createdAt];
  if (latest.getTime() - oldest.getTime() > PIN_WINDOW_MS) return null;
  const until = new Date(latest.getTime() + PIN_WINDOW_MS);
  return until > now ? until : null;
}

/** Pauses the terminal when 30 wrong PINs fall within the window; answers the pause's end, or null. */
async function pauseIfAttacked(tx: Tx, key: AttemptKey, now: Date): Promise<Date | null> {
  const count = await tx.terminalPinFailure.count({
    where: { terminalId: key.terminalId, createdAt: { gt: new Date(now.getTime() - PIN_WINDOW_MS) } },
  });
  if (count < MAX_TERMINAL_FAILURES) return null;
  // Nothing is counted while paused, so the failures that paused it have left the window when the pause ends.
  const until = new Date(now.getTime() + PIN_WINDOW_MS);
  await tx.terminal.update({ where: { id: key.terminalId }, data: { pausedUntil: until } });
  await recordAudit(tx, {
    actor: null,
    ip: key.ip,
    action: "terminal.paused",
    entityType: "terminal",
    entityId: key.terminalId,
    details: { employee_id: key.employeeId, until: until.toISOString(), failures: count },
  });
  return until;
}

/**
 * Checks the pause, a pending attempt and the employee's lock and, if none holds, records this attempt as a pending
 * wrong PIN. An employee without a PIN is 409 and counts nothing.
 */
export async function beginPinAttempt(key: AttemptKey, now = new Date()): Promise<PinAttempt> {
  return transaction(async (tx) => {
    await advisoryLock(tx, { kind: "terminal-pin", terminalId: key.terminalId });
    const terminal = await tx.terminal.findUniqueOrThrow({
      where: { id: key.terminalId },
      select: { pausedUntil: true },
    });
    if (terminal.pausedUntil && terminal.pausedUntil > now) throw pausedError(terminal.pausedUntil, now);
    const paused = await pauseIfAttacked(tx, key, now);
    if (paused) throw pausedError(paused, now);
    const inFlight = await tx.terminalPinFailure.count({
      where: {
        terminalId: key.terminalId,
        employeeId: key.employeeId,
        pending: true,
        createdAt: { gt: new Date(now.getTime() - PENDING_MS) },
      },
    });
    if (inFlight > 0) throw new ApiError("conflict", PIN_BEING_CHECKED);
    const lockedUntil = await employeeLockedUntil(tx, key, now);
    if (lockedUntil) throw lockedError(lockedUntil, now);
    const pin = await tx.employeePin.findUnique({ where: { employeeId: key.employeeId }, select: { pinHash: true } });
    if (!pin) throw new ApiError("conflict", NO_PIN);
    const row = await tx.terminalPinFailure.create({
      data: { terminalId: key.terminalId, employeeId: key.employeeId, createdAt: now },
      select: { id: true },
    });
    return { id: row.id, terminalId: key.terminalId, employeeId: key.employeeId, pinHash: pin.pinHash };
  });
}

/** The PIN was right: this attempt was no failure, and the employee's earlier ones no longer count towards a lock. */
export async function pinAccepted(attempt: PinAttempt): Promise<void> {
  await db.$transaction([
    db.terminalPinFailure.deleteMany({ where: { id: attempt.id } }),
    db.terminalPinFailure.updateMany({
      where: { terminalId: attempt.terminalId, employeeId: attempt.employeeId, cleared: false },
      data: { cleared: true },
    }),
  ]);
}

/** The PIN could not be judged (the check failed): its pending row goes, as if it had not been typed. */
export async function withdrawPinAttempt(attempt: PinAttempt): Promise<void> {
  await db.terminalPinFailure.deleteMany({ where: { id: attempt.id, pending: true } });
}

/**
 * The PIN was wrong (its row stays, judged): the error to answer. The fifth wrong PIN in a row locks the employee at
 * once and the thirtieth in the window pauses the terminal (both 429, audited); before that, 400 with `fields.pin`
 * and the attempts left.
 */
export async function pinRejected(attempt: PinAttempt, ip: string, now = new Date()): Promise<ApiError> {
  const key = { terminalId: attempt.terminalId, employeeId: attempt.employeeId, ip };
  return transaction(async (tx) => {
    await advisoryLock(tx, { kind: "terminal-pin", terminalId: attempt.terminalId });
    await tx.terminalPinFailure.updateMany({ where: { id: attempt.id }, data: { pending: false } });
    const paused = await pauseIfAttacked(tx, key, now);
    if (paused) return pausedError(paused, now);
    const lockedUntil = await employeeLockedUntil(tx, key, now);
    if (lockedUntil) {
      await recordAudit(tx, {
        actor: null,
        ip,
        action: "terminal.pin_locked",
        entityType: "terminal",
        entityId: attempt.terminalId,
        details: { employee_id: attempt.employeeId, until: lockedUntil.toISOString() },
      });
      return lockedError(lockedUntil, now);
    }
    const inRow = await tx.terminalPinFailure.count({
      where: {
        terminalId: attempt.terminalId,
        employeeId: attempt.employeeId,
        cleared: false,
        createdAt: { gt: new Date(now.getTime() - PIN_WINDOW_MS) },
      },
    });
    const left = Math.max(1, MAX_PIN_FAILURES - inRow);
    const message = `Falsche PIN. Noch ${left} ${left === 1 ? "Versuch" : "Versuche"}.`;
    return new ApiError("validation_failed", message, { fields: { pin: message } });
  });
}

/** Rows older than a day judge nothing any more (every limit looks back 15 minutes). */
export async function prunePinFailures(now = new Date()): Promise<void> {
  await db.terminalPinFailure.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - 24 * 3_600_000) } } });
}
