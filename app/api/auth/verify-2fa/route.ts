// POST /api/auth/verify-2fa – tempToken + TOTP code → session (public)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { verifyTwoFactorLogin } from "@/lib/server/auth/two-factor-challenge";
import * as api from "@/lib/shared/contract/auth";

export const POST = route(api.verifyTwoFactor, async ({ body, ip }) =>
  json(await verifyTwoFactorLogin({ tempToken: body.tempToken, code: body.token, ip })),
);

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
