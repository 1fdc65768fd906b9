// POST /api/auth/change-password – own password; ends the user's other sessions
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { changePassword } from "@/lib/server/auth/change-password";
import * as api from "@/lib/shared/contract/auth";

// The way out of a password change that is due (docs/PRODUCT-RULES.md §31.5).
export const POST = route(
  api.changePassword,
  async ({ body, audit }) => {
    await changePassword({
      currentPassword: body.currentPassword,
      newPassword: body.newPassword,
      audit,
    });
    return json({ message: "Passwort erfolgreich geändert!" });
  },
  { beforePasswordChange: true },
);

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
