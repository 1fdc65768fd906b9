// POST /api/auth/setup-2fa – new pending TOTP secret with its QR code (own account)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { setupTwoFactor } from "@/lib/server/auth/two-factor-settings";
import * as api from "@/lib/shared/contract/auth";

export const POST = route(api.setupTwoFactor, async ({ user }) => json(await setupTwoFactor({ user })));

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
