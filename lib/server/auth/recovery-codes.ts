import "server-only";
import { createHash, randomInt } from "node:crypto";
import type { Tx } from "@/lib/server/db/client";
import { isRecoveryCodeShape, normalizeRecoveryCode, RECOVERY_CODE_LENGTH } from "@/lib/shared/recovery-code";

/**
 * 2FA recovery codes (docs/PRODUCT-RULES.md §29.1): ten single-use codes like `k7m2-x9pq-4hta`, shown once.
 *
 * Stored as SHA-256, not bcrypt: every code is 60 random bits (12 characters of a 32-letter alphabet), far beyond
 * guessing, so a slow hash adds nothing against an attacker with the table – while a fast, deterministic hash lets
 * the login find and spend the code in one `DELETE … RETURNING` (atomic under parallel logins) instead of comparing
 * ten bcrypt hashes one by one. The user id is hashed in, so equal codes of two users never share a hash.
 */
export const RECOVERY_CODE_COUNT = 10;

/** No 0/o, 1/l: the codes are read off paper. 32 letters = 5 bits each. */
const ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";
const GROUP_LENGTH = 4;
const GROUPS = RECOVERY_CODE_LENGTH / GROUP_LENGTH;

function newRecoveryCode(): string {
  const groups = Array.from({ length: GROUPS }, () =>
    Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(""),
  );
  return groups.join("-");
}

/**
 * Is this input meant as a recovery code (and not a 6-digit TOTP code)? The shape only: a typo outside the alphabet
 * (a 0 for an o) is then a wrong recovery code, not a wrong TOTP code.
 */
export const looksLikeRecoveryCode = isRecoveryCodeShape;

export function hashRecoveryCode(userId: number, input: string): string {
  return createHash("sha256")
    .update(`schichtwerk:recovery:${userId}:${normalizeRecoveryCode(input)}`)
    .digest("hex");
}

/** Replaces all codes of the user with ten new ones; answers them in plain text, the only time they exist so. */
export async function replaceRecoveryCodes(tx: Tx, userId: number): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  await tx.recoveryCode.deleteMany({ where: { userId } });
  await tx.recoveryCode.createMany({
    data: [...codes].map((code) => ({ userId, codeHash: hashRecoveryCode(userId, code) })),
  });
  return [...codes];
}

/**
 * Spends one code: deleted in the statement that finds it, so of parallel logins with the same code exactly one
 * gets the row. Answers how many remain, or null when the code is unknown or already spent.
 */
export async function consumeRecoveryCode(tx: Tx, userId: number, input: string): Promise<number | null> {
  const spent = await tx.$queryRaw<{ id: number }[]>`
    DELETE FROM two_factor_recovery_codes
    WHERE user_id = ${userId} AND code_hash = ${hashRecoveryCode(userId, input)}
    RETURNING id`;
  if (spent.length !== 1) return null;
  return tx.recoveryCode.count({ where: { userId } });
}
