// POST /api/auth/setup-2fa – new pending TOTP secret with its QR code (own account)
import { json, route } from "@/lib/server/api/route";
import { setupTwoFactor } from "@/lib/server/auth/two-factor-settings";

export const POST = route({ access: "profile:manage" }, async ({ user }) => json(await setupTwoFactor(user)));
