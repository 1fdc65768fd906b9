import "server-only";
import bcrypt from "bcryptjs";

/** bcrypt cost of PRODUCT.md §3. */
export const BCRYPT_COST = 12;
export const MIN_PASSWORD_LENGTH = 8;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}
