import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import { verifyPassword } from "@/lib/server/auth/password";
import { db } from "@/lib/server/db/client";
import { log } from "@/lib/server/log";
import { clock, NEXT_ACTIONS, STATE_AFTER } from "@/lib/server/time/clock";
import type { TerminalClockInput, TerminalClockResult } from "@/lib/shared/schemas/terminal";
import type { TerminalCaller } from "./authenticate-terminal";
import { confirmationText } from "./confirmation";
import { beginPinAttempt, pinAccepted, pinRejected, prunePinFailures, withdrawPinAttempt } from "./pin-attempts";
import { isTerminalStaff } from "./find-terminals";
import { rehashSlowPin } from "./write-pins";

export type TerminalClockOptions = { terminal: TerminalCaller; input: TerminalClockInput; ip: string };

/**
 * A stamp at a terminal (docs/PRODUCT-RULES.md §32.4): the employee must be one of the terminal's staff (404 before
 * any PIN is judged, so a terminal cannot probe other locations' people), the PIN must be right and no lockout hold
 * (./pin-attempts.ts); then the same race-proof `clock` as /api/me/clock, at the terminal's location, with source
 * "terminal" and no user as actor.
 */
export async function terminalClock({ terminal, input, ip }: TerminalClockOptions): Promise<TerminalClockResult> {
  const { employee_id: employeeId, action } = input;
  if (!(await isTerminalStaff(db, terminal.locationId, employeeId))) throw new ApiError("not_found");
  const attempt = await beginPinAttempt({ terminalId: terminal.id, employeeId, ip });
  let right: boolean;
  try {
    right = await verifyPassword(input.pin, attempt.pinHash);
  } catch (error) {
    // The check itself failed (the password worker, the database): no judgement of the PIN, so the attempt must not
    // count as a wrong one later.
    await withdrawPinAttempt(attempt).catch(() => undefined);
    throw error;
  }
  if (!right) throw await pinRejected(attempt, ip);
  await pinAccepted(attempt);
  if (Math.random() < 0.01) await prunePinFailures();

  const stamp = { employeeId, action, locationId: terminal.locationId, source: "terminal", actor: null, ip } as const;
  const { at, firstName } = await clock(db, stamp);
  // Housekeeping after the stamp is stored: a failure here is logged, never answered as a failed stamp (the person
  // would stamp again and be refused with "bereits eingestempelt").
  await Promise.all([
    db.terminal.update({ where: { id: terminal.id }, data: { lastUsedAt: at } }),
    rehashSlowPin(employeeId, input.pin, attempt.pinHash),
  ]).catch((error: unknown) => log.error("Terminal: Nacharbeit nach dem Stempeln fehlgeschlagen", error));
  // The state this stamp left (not read again: the confirmation answers this stamp, docs/PERFORMANCE.md P18).
  const state = STATE_AFTER[action];
  return {
    employee_id: employeeId,
    state,
    next_actions: [...NEXT_ACTIONS[state]],
    at: at.toISOString(),
    message: confirmationText(firstName, action, at),
  };
}
