// POST /api/auth/disable-2fa – turn 2FA off with a valid code (own account)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { disableTwoFactor } from "@/lib/server/auth/two-factor-settings";
import * as api from "@/lib/shared/contract/auth";

export const POST = route(api.disableTwoFactor, async ({ body, audit }) => {
  await disableTwoFactor({ code: body.token, audit });
  return json({ message: "2FA wurde deaktiviert", two_factor_enabled: false });
});

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
