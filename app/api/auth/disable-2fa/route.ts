// POST /api/auth/disable-2fa – turn 2FA off with a valid code (own account)
import { json, route } from "@/lib/server/api/route";
import { disableTwoFactor } from "@/lib/server/auth/two-factor-settings";
import { twoFactorCodeSchema } from "@/lib/shared/schemas/auth";

export const POST = route({ access: "profile:manage", body: twoFactorCodeSchema }, async ({ body, user, ip }) => {
  await disableTwoFactor({ user, code: body.token, ip });
  return json({ message: "2FA wurde deaktiviert", two_factor_enabled: false });
});
