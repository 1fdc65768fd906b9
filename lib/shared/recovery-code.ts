/**
 * 2FA recovery codes as typed (docs/PRODUCT-RULES.md §29.1): case-insensitive, dashes and spaces ignored. Its own
 * module, free of zod, so the login page does not load the schema library for it.
 */
export const RECOVERY_CODE_LENGTH = 12;

export const normalizeRecoveryCode = (value: string) => value.toLowerCase().replace(/[\s-]/g, "");

/** Complete enough to send: twelve letters or digits once dashes and spaces are gone. */
export const isRecoveryCodeShape = (value: string) =>
  new RegExp(`^[a-z0-9]{${RECOVERY_CODE_LENGTH}}$`).test(normalizeRecoveryCode(value));
