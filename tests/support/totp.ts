import { generate } from "otplib";

// The test as the authenticator app (docs/PRODUCT-RULES.md §5.1: 30 s steps, one step of tolerance either way, as
// lib/server/auth/totp.ts checks). Only otplib here, so the Playwright specs can import it too.

/** The code of `secret` now, or `offsetSeconds` from now (30: the next step, which the server still accepts). */
export const codeAt = (secret: string, offsetSeconds = 0) =>
  generate({ secret, period: 30, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

/**
 * A 6-digit code that none of the three accepted steps (one back, now, one forward) gives: four candidates, so one
 * is always left. "not the current code" is not enough, since a neighbouring step's code is accepted too.
 */
export async function wrongCodeFor(secret: string): Promise<string> {
  const accepted = await Promise.all([-30, 0, 30].map((offset) => codeAt(secret, offset)));
  return ["000000", "111111", "222222", "333333"].find((code) => !accepted.includes(code))!;
}
