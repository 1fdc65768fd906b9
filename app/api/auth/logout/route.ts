// POST /api/auth/logout – end the session of the given refresh token (public: the token is the credential)
import { recordAudit } from "@/lib/server/audit/record-audit";
import { json, route } from "@/lib/server/api/route";
import { endSession } from "@/lib/server/auth/sessions";
import * as api from "@/lib/shared/contract/auth";

export const POST = route(api.logout, async ({ body, ip }) => {
  const ended = await endSession(body.refreshToken);
  if (ended) await recordAudit({ actor: null, action: "auth.logout", entityType: "user", entityId: ended.userId, ip });
  return json({ message: "Erfolgreich abgemeldet" });
});
