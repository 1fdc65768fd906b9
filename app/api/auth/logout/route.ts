// POST /api/auth/logout – end the session of the given refresh token (public: the token is the credential)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { endSession } from "@/lib/server/auth/sessions";
import * as api from "@/lib/shared/contract/auth";

export const POST = route(api.logout, async ({ body, ip }) => {
  await endSession({ refreshToken: body.refreshToken, ip });
  return json({ message: "Erfolgreich abgemeldet" });
});

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
