import "server-only";
import { generateSecret, generateURI, verify } from "otplib";

/**
 * TOTP of docs/PRODUCT-RULES.md §5.1: RFC 6238, SHA-1, 6 digits, 30 s steps, one step of
 * tolerance back and forward. Replay protection: a code is valid only for a
 * time step after the last one accepted (`afterTimeStep`); callers persist
 * the returned step with a conditional UPDATE.
 */
export const TOTP_PERIOD = 30;
const ISSUER = "Schichtwerk";

export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

export function totpUri(secret: string, username: string): string {
  return generateURI({ issuer: ISSUER, label: username, secret, period: TOTP_PERIOD });
}

export type TotpCheck = { valid: false } | { valid: true; timeStep: number };

export async function checkTotp(options: {
  secret: string | Uint8Array;
  code: string;
  lastUsedStep?: number | null;
  /** Seconds since the epoch; tests pin it. */
  now?: number;
}): Promise<TotpCheck> {
  if (!/^\d{6}$/.test(options.code)) return { valid: false };
  const result = await verify({
    secret: options.secret,
    token: options.code,
    period: TOTP_PERIOD,
    digits: 6,
    algorithm: "sha1",
    epoch: options.now ?? Math.floor(Date.now() / 1000),
    epochTolerance: TOTP_PERIOD,
    ...(options.lastUsedStep != null && { afterTimeStep: options.lastUsedStep }),
  });
  // verify() types its result for TOTP and HOTP; a TOTP result has timeStep.
  return result.valid && "timeStep" in result ? { valid: true, timeStep: result.timeStep } : { valid: false };
}
