import {
  changePasswordSchema,
  currentUserSchema,
  loginResultSchema,
  recoveryCodesSchema,
  loginSchema,
  refreshTokenSchema,
  sessionSchema,
  sessionTokensSchema,
  disableTwoFactorSchema,
  twoFactorCodeSchema,
  twoFactorEnabledSchema,
  twoFactorSetupSchema,
  twoFactorStateSchema,
  verifyTwoFactorSchema,
} from "@/lib/shared/schemas/auth";
import { messageSchema } from "@/lib/shared/schemas/common";
import { defineOperation } from "./operation";

const tag = "Auth";
const throttled = {
  status: 429,
  description:
    "`rate_limited`: too many failed sign-ins for this username or address within 15 minutes; see `Retry-After`",
} as const;
/** The re-checks inside a session share one limit per user (docs/PRODUCT-RULES.md §30.2). */
const recheckThrottled = {
  status: 429,
  description:
    "`rate_limited`: 5 wrong answers within 15 minutes to the re-checks of this user (current password, 2FA code " +
    "to turn 2FA off or for new recovery codes; one count for all), even for a right answer; see `Retry-After`",
} as const;

export const login = defineOperation({
  method: "POST",
  path: "/api/auth/login",
  id: "login",
  tag,
  summary: "Sign in with username and password",
  description:
    "Answers a session, or — when the account has 2FA on — " +
    "`requires2FA` with a `tempToken` for `POST /api/auth/verify-2fa`.",
  access: "public",
  body: loginSchema,
  responses: [{ status: 200, description: "A session, or the two-factor step", schema: loginResultSchema }],
  errors: [
    { status: 401, description: "`invalid_credentials`: unknown user or wrong password (answered alike)" },
    throttled,
  ],
});

export const verifyTwoFactor = defineOperation({
  method: "POST",
  path: "/api/auth/verify-2fa",
  id: "verifyTwoFactor",
  tag,
  summary: "Second sign-in step: the tempToken and a TOTP code or a recovery code",
  description:
    "`token` is a 6-digit TOTP code or one of the account's recovery codes (case-insensitive, dashes and spaces " +
    "ignored); a recovery code is spent by the sign-in. Wrong recovery codes count like wrong TOTP codes. Every code " +
    "counts against the username's login limit before it is judged: at the limit the answer is 429 whatever the " +
    "tempToken, even for a right code.",
  access: "public",
  body: verifyTwoFactorSchema,
  responses: [{ status: 200, description: "The session", schema: sessionSchema }],
  errors: [
    {
      status: 401,
      description:
        "`two_factor_expired`: tempToken unknown, used, older than 5 minutes or after 5 wrong codes; " +
        "`invalid_two_factor_code`: wrong or already used code or recovery code",
    },
    throttled,
  ],
});

export const refresh = defineOperation({
  method: "POST",
  path: "/api/auth/refresh",
  id: "refreshSession",
  tag,
  summary: "Rotate the refresh token: a new access and refresh token",
  description: "The refresh token presented is spent; presenting it again ends the whole session (reuse detection).",
  access: "public",
  body: refreshTokenSchema,
  responses: [{ status: 200, description: "The new tokens", schema: sessionTokensSchema }],
  errors: [{ status: 401, description: "`invalid_refresh_token`: unknown, expired, revoked or reused refresh token" }],
});

export const logout = defineOperation({
  method: "POST",
  path: "/api/auth/logout",
  id: "logout",
  tag,
  summary: "End the session of a refresh token",
  description: "The refresh token is the credential; an unknown token is answered alike.",
  access: "public",
  body: refreshTokenSchema,
  responses: [{ status: 200, description: "Signed out", schema: messageSchema }],
});

export const me = defineOperation({
  method: "GET",
  path: "/api/auth/me",
  id: "getCurrentUser",
  tag,
  summary: "The signed-in user",
  description: "With the number of unused 2FA recovery codes (never the codes).",
  access: "profile:manage",
  responses: [{ status: 200, description: "The user", schema: currentUserSchema }],
});

export const changePassword = defineOperation({
  method: "POST",
  path: "/api/auth/change-password",
  id: "changePassword",
  tag,
  summary: "Change the own password",
  description: "Ends all other sessions of the user.",
  access: "profile:manage",
  body: changePasswordSchema,
  responses: [{ status: 200, description: "Changed", schema: messageSchema }],
  errors: [
    { status: 400, description: "`validation_failed` with `fields.currentPassword`: the current password is wrong" },
    recheckThrottled,
  ],
});

export const setupTwoFactor = defineOperation({
  method: "POST",
  path: "/api/auth/setup-2fa",
  id: "setupTwoFactor",
  tag,
  summary: "Start setting up 2FA: a new pending TOTP secret and its QR code",
  access: "profile:manage",
  responses: [{ status: 200, description: "The pending secret", schema: twoFactorSetupSchema }],
  errors: [{ status: 409, description: "`conflict`: 2FA is already on" }],
});

export const enableTwoFactor = defineOperation({
  method: "POST",
  path: "/api/auth/enable-2fa",
  id: "enableTwoFactor",
  tag,
  summary: "Turn 2FA on with a code of the pending secret",
  description: "Answers ten single-use recovery codes; they are shown only this once (stored as hashes).",
  access: "profile:manage",
  body: twoFactorCodeSchema,
  responses: [{ status: 200, description: "2FA is on", schema: twoFactorEnabledSchema }],
  errors: [
    { status: 400, description: "`invalid_two_factor_token`: wrong code" },
    { status: 409, description: "`conflict`: 2FA already on, not set up first, or changed meanwhile" },
  ],
});

export const disableTwoFactor = defineOperation({
  method: "POST",
  path: "/api/auth/disable-2fa",
  id: "disableTwoFactor",
  tag,
  summary: "Turn 2FA off with a valid code or a recovery code",
  description:
    "A code from the authenticator app, or one of the recovery codes (the phone is lost: it is spent, then 2FA is " +
    "off and can be set up on a new phone). Deletes the recovery codes as well.",
  access: "profile:manage",
  body: disableTwoFactorSchema,
  responses: [{ status: 200, description: "2FA is off", schema: twoFactorStateSchema }],
  errors: [
    { status: 400, description: "`invalid_two_factor_token`: wrong or already used code" },
    { status: 409, description: "`conflict`: 2FA is not on" },
    recheckThrottled,
  ],
});

export const replaceRecoveryCodes = defineOperation({
  method: "POST",
  path: "/api/auth/recovery-codes",
  id: "replaceRecoveryCodes",
  tag,
  summary: "Replace all own recovery codes with ten new ones",
  description:
    "Needs a valid TOTP code (spent like at sign-in). The old codes stop working; the new ones are answered only " +
    "this once.",
  access: "profile:manage",
  body: twoFactorCodeSchema,
  responses: [{ status: 200, description: "The new codes", schema: recoveryCodesSchema }],
  errors: [
    { status: 400, description: "`invalid_two_factor_token`: wrong or already used code" },
    { status: 409, description: "`conflict`: 2FA is not on" },
    recheckThrottled,
  ],
});
