// POST /api/auth/logout – end the session of the given refresh token (public: the token is the credential)
import { json, route } from "@/lib/server/api/route";
import { endSession } from "@/lib/server/auth/sessions";
import * as api from "@/lib/shared/contract/auth";

export const POST = route(api.logout, async ({ body, ip }) => {
  await endSession({ refreshToken: body.refreshToken, ip });
  return json({ message: "Erfolgreich abgemeldet" });
});
