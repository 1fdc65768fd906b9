// POST /api/auth/verify-2fa – tempToken + TOTP code → session (public)
import { json, route } from "@/lib/server/api/route";
import { verifyTwoFactorLogin } from "@/lib/server/auth/two-factor-challenge";
import { verifyTwoFactorSchema } from "@/lib/shared/schemas/auth";

export const POST = route({ access: "public", body: verifyTwoFactorSchema }, async ({ body, ip }) =>
  json(await verifyTwoFactorLogin({ tempToken: body.tempToken, code: body.token, ip })),
);
