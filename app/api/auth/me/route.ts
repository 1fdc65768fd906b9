// GET /api/auth/me – the signed-in user, with the number of unused 2FA recovery codes and of unread messages
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { findSessionCounts } from "@/lib/server/users/find-users";
import { toUserDto } from "@/lib/server/users/user-dto";
import * as api from "@/lib/shared/contract/auth";

// Answered while a password of one's own is still due (docs/PRODUCT-RULES.md §31.5): the app asks for it from here.
export const GET = route(
  api.me,
  async ({ user }) => {
    const { recoveryCodesLeft, unreadNotifications } = await findSessionCounts(user.id);
    return json({
      ...toUserDto(user),
      recovery_codes_left: recoveryCodesLeft,
      unread_notifications: unreadNotifications,
    });
  },
  { beforePasswordChange: true },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
