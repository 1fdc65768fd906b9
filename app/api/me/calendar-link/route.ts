// POST/DELETE /api/me/calendar-link – create (replacing the old one) or end the caller's calendar link
import { ApiError } from "@/lib/server/api/errors";
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { issueCalendarToken, revokeCalendarToken } from "@/lib/server/calendar/write-calendar-feeds";
import { linkedEmployeeId } from "@/lib/server/self-service/acting-for";
import * as api from "@/lib/shared/contract/me";
import { calendarFeedPath } from "@/lib/shared/schemas/calendar";

export const POST = route(api.createCalendarLink, async ({ user, audit }) => {
  const { token, createdAt } = await issueCalendarToken({ employeeId: linkedEmployeeId(user), audit });
  return json({ token, path: calendarFeedPath(token), created_at: createdAt.toISOString() }, 201);
});

export const DELETE = route(api.deleteCalendarLink, async ({ user, audit }) => {
  const revoked = await revokeCalendarToken({ employeeId: linkedEmployeeId(user), audit });
  if (!revoked) throw new ApiError("not_found", "Es gibt keinen Kalender-Link");
  return json({ message: "Kalender-Link gelöscht" });
});

export const { GET, PUT, PATCH, HEAD, OPTIONS } = otherMethods("POST", "DELETE");
