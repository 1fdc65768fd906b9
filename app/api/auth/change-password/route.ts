// POST /api/auth/change-password – own password; ends the user's other sessions
import { json, route } from "@/lib/server/api/route";
import { changePassword } from "@/lib/server/auth/change-password";
import * as api from "@/lib/shared/contract/auth";

export const POST = route(api.changePassword, async ({ body, audit }) => {
  await changePassword({
    currentPassword: body.currentPassword,
    newPassword: body.newPassword,
    audit,
  });
  return json({ message: "Passwort erfolgreich geändert!" });
});
