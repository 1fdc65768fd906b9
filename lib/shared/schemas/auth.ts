import { z } from "zod";
import { isRecoveryCodeShape } from "@/lib/shared/recovery-code";
import { newPasswordSchema } from "./fragments";
import { userDtoSchema } from "./user";

export const loginSchema = z.object({
  username: z
    .string({ error: "Bitte gib deinen Benutzernamen ein" })
    .trim()
    .min(1, { error: "Bitte gib deinen Benutzernamen ein" })
    .max(100, { error: "Benutzername zu lang" }),
  password: z
    .string({ error: "Bitte gib dein Passwort ein" })
    .min(1, { error: "Bitte gib dein Passwort ein" })
    .max(1000, { error: "Passwort zu lang" }),
});
export type LoginInput = z.infer<typeof loginSchema>;

export { totpDigits } from "@/lib/shared/totp-digits";

/** 6 digits (docs/PRODUCT-RULES.md §15); the UI strips everything else before sending. */
export const totpCodeSchema = z
  .string({ error: "Bitte gib den 6-stelligen Code ein" })
  .regex(/^\d{6}$/, { error: "Bitte gib den 6-stelligen Code ein" });

const CODE_OR_RECOVERY_CODE = "Bitte gib den 6-stelligen Code oder einen Wiederherstellungscode ein";

/**
 * The login's 2FA step takes a TOTP code or a recovery code (docs/PRODUCT-RULES.md §29.1): 6 digits, or 12 letters
 * and digits in any case, dashes and spaces ignored.
 */
export const totpOrRecoveryCodeSchema = z
  .string({ error: CODE_OR_RECOVERY_CODE })
  .max(40, { error: CODE_OR_RECOVERY_CODE })
  .refine((value) => /^\d{6}$/.test(value) || isRecoveryCodeShape(value), { error: CODE_OR_RECOVERY_CODE });

/** Turning 2FA off: a code from the app, or a recovery code when the phone is gone (docs/PRODUCT-RULES.md §29.1). */
export const disableTwoFactorSchema = z.object({ token: totpOrRecoveryCodeSchema });

export const verifyTwoFactorSchema = z.object({
  tempToken: z
    .string({ error: "Anmeldung abgelaufen" })
    .min(1, { error: "Anmeldung abgelaufen" })
    .max(200, { error: "Anmeldung abgelaufen" }),
  token: totpOrRecoveryCodeSchema,
});

export const twoFactorCodeSchema = z.object({ token: totpCodeSchema });

export const refreshTokenSchema = z.object({
  refreshToken: z
    .string({ error: "Refresh-Token fehlt" })
    .min(1, { error: "Refresh-Token fehlt" })
    .max(2000, { error: "Ungültiger Refresh-Token" }),
});

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: "Bitte gib dein aktuelles Passwort ein" })
    .min(1, { error: "Bitte gib dein aktuelles Passwort ein" })
    .max(1000, { error: "Passwort zu lang" }),
  newPassword: newPasswordSchema,
});

// Answers: strict objects (exactly these keys; the OpenAPI document says
// additionalProperties: false, and tests parse real answers with them).

export const sessionTokensSchema = z.strictObject({
  accessToken: z.string().meta({ description: "JWT for `Authorization: Bearer`, valid 15 minutes" }),
  refreshToken: z
    .string()
    .meta({ description: "Opaque, single use, valid 14 days; `POST /api/auth/refresh` rotates it" }),
});

export const sessionSchema = sessionTokensSchema.extend({ user: userDtoSchema });

export const twoFactorStepSchema = z.strictObject({
  requires2FA: z.literal(true),
  tempToken: z.string().meta({ description: "For `POST /api/auth/verify-2fa`; single use, valid 5 minutes" }),
});

export const loginResultSchema = z.union([sessionSchema, twoFactorStepSchema]);

export const twoFactorSetupSchema = z.strictObject({
  qrCode: z.string().meta({ description: "data: URL of a PNG QR code of the otpauth:// URI" }),
  secret: z.string().meta({ description: "The TOTP secret in base32, for manual entry" }),
});

export const twoFactorStateSchema = z.strictObject({ message: z.string(), two_factor_enabled: z.boolean() });

const recoveryCodes = z
  .array(z.string())
  .meta({ description: "Ten single-use recovery codes like `k7m2-x9pq-4hta`; answered only this once" });

/** enable-2fa: the state plus the recovery codes (docs/PRODUCT-RULES.md §29.1). */
export const twoFactorEnabledSchema = twoFactorStateSchema.extend({ recovery_codes: recoveryCodes });

export const recoveryCodesSchema = z.strictObject({ message: z.string(), recovery_codes: recoveryCodes });

/** GET /auth/me: the user, how many unused recovery codes remain (a number, never the codes) and unread messages. */
export const currentUserSchema = userDtoSchema.extend({
  recovery_codes_left: z
    .number()
    .int()
    .min(0)
    .meta({ description: "Unused 2FA recovery codes of the signed-in user; 0 without 2FA" }),
  unread_notifications: z
    .number()
    .int()
    .min(0)
    .meta({ description: "Unread messages in the caller's inbox (`GET /api/me/notifications`): the bell's count" }),
});
