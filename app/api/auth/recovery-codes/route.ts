// POST /api/auth/recovery-codes – ten new 2FA recovery codes for a valid TOTP code (own account)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { renewRecoveryCodes } from "@/lib/server/auth/two-factor-settings";
import * as api from "@/lib/shared/contract/auth";

export const POST = route(api.replaceRecoveryCodes, async ({ body, audit }) => {
  const recoveryCodes = await renewRecoveryCodes({ code: body.token, audit });
  return json({ message: "Neue Wiederherstellungscodes erzeugt", recovery_codes: recoveryCodes });
});

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
