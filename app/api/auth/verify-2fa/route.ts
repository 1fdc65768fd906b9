// POST /api/auth/verify-2fa – tempToken + TOTP code → session (public)
import { json, route } from "@/lib/server/api/route";
import { verifyTwoFactorLogin } from "@/lib/server/auth/two-factor-challenge";
import * as api from "@/lib/shared/contract/auth";

export const POST = route(api.verifyTwoFactor, async ({ body, ip }) =>
  json(await verifyTwoFactorLogin({ tempToken: body.tempToken, code: body.token, ip })),
);
