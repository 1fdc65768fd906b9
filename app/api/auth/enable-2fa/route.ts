// POST /api/auth/enable-2fa – activate the pending secret with a valid code (own account); answers the recovery codes
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { enableTwoFactor } from "@/lib/server/auth/two-factor-settings";
import * as api from "@/lib/shared/contract/auth";

export const POST = route(api.enableTwoFactor, async ({ body, audit }) => {
  const recoveryCodes = await enableTwoFactor({ code: body.token, audit });
  return json({ message: "2FA erfolgreich aktiviert!", two_factor_enabled: true, recovery_codes: recoveryCodes });
});

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
