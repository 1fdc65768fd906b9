// POST /api/auth/enable-2fa – activate the pending secret with a valid code (own account)
import { json, route } from "@/lib/server/api/route";
import { enableTwoFactor } from "@/lib/server/auth/two-factor-settings";
import { twoFactorCodeSchema } from "@/lib/shared/schemas/auth";

export const POST = route({ access: "profile:manage", body: twoFactorCodeSchema }, async ({ body, user, ip }) => {
  await enableTwoFactor({ user, code: body.token, ip });
  return json({ message: "2FA erfolgreich aktiviert!", two_factor_enabled: true });
});
