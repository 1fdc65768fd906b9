// GET /api/calendar/[token].ics – an employee's shifts as an iCalendar feed (public: the token is the credential)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { route } from "@/lib/server/api/route";
import { calendarFeed } from "@/lib/server/calendar/find-calendar-feed";
import { icsResponse } from "@/lib/server/calendar/ics-response";
import * as api from "@/lib/shared/contract/calendar";

export const dynamic = "force-dynamic";

export const GET = route(api.calendarFeed, async ({ request, params, ip }) => {
  const feed = await calendarFeed({ token: params.file.slice(0, -".ics".length), ip });
  return icsResponse(request, feed);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
