/**
 * What a 2FA code field keeps of the typed text (docs/PRODUCT-RULES.md §15): digits only, at
 * most 6. Its own module, free of zod, so the login page does not load the
 * schema library for it.
 */
export const totpDigits = (value: string) => value.replace(/\D/g, "").slice(0, 6);
