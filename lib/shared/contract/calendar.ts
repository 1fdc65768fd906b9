import { calendarFeedParamsSchema } from "@/lib/shared/schemas/calendar";
import { defineOperation } from "./operation";

const tag = "Calendar";

export const calendarFeed = defineOperation({
  method: "GET",
  path: "/api/calendar/{file}",
  id: "getCalendarFeed",
  tag,
  summary: "An employee's shifts and vacations as an iCalendar feed (RFC 5545) for calendar apps",
  description:
    "The token in the path is the credential: no login. Shifts from 30 days back to 180 days ahead with times " +
    "in the business's time zone (with its VTIMEZONE), approved vacations as all-day events. " +
    "Answers carry an ETag; a request with a matching If-None-Match gets 304 without a body.",
  access: "public",
  params: calendarFeedParamsSchema,
  responses: [{ status: 200, description: "The calendar (text/calendar)", ics: true }],
  errors: [
    { status: 404, description: "`not_found`: unknown or replaced link, or the employee is archived" },
    { status: 429, description: "`rate_limited`: too many unknown links from this IP within 15 minutes" },
  ],
});
