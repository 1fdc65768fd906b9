import { z } from "zod";

export const PASSWORD_TOO_SHORT = "Passwort muss mindestens 8 Zeichen lang sein";
const PASSWORD_TOO_LONG = "Passwort darf höchstens 72 Bytes lang sein";

/** A new password: ≥ 8 characters, ≤ 72 bytes (all that bcrypt reads). */
export const newPasswordSchema = z
  .string({ error: PASSWORD_TOO_SHORT })
  .min(8, { error: PASSWORD_TOO_SHORT })
  .refine((value) => new TextEncoder().encode(value).length <= 72, { error: PASSWORD_TOO_LONG });

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

/** 6 digits (SPEC §5); the UI strips everything else before sending. */
export const totpCodeSchema = z
  .string({ error: "Bitte gib den 6-stelligen Code ein" })
  .regex(/^\d{6}$/, { error: "Bitte gib den 6-stelligen Code ein" });

export const verifyTwoFactorSchema = z.object({
  tempToken: z
    .string({ error: "Anmeldung abgelaufen" })
    .min(1, { error: "Anmeldung abgelaufen" })
    .max(200, { error: "Anmeldung abgelaufen" }),
  token: totpCodeSchema,
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
