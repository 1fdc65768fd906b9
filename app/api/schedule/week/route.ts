// GET /api/schedule/week?start_date&end_date – the planner's week: shifts, findings, vacations, holidays (everyone)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { jsonText, route } from "@/lib/server/api/route";
import { audienceOf } from "@/lib/server/rules/find-findings";
import { scheduleWeekJson } from "@/lib/server/schedule/find-schedule-week";
import { cachedForScheduleVersion } from "@/lib/server/shifts/schedule-version-cache";
import * as api from "@/lib/shared/contract/schedule";

export const GET = route(
  api.getScheduleWeek,
  async ({ query, user, scheduleVersion }) => {
    const audience = audienceOf(user);
    return jsonText(
      await cachedForScheduleVersion(`week:${audience}:${query.start_date}:${query.end_date}`, scheduleVersion, () =>
        scheduleWeekJson(query, audience),
      ),
    );
  },
  { withScheduleVersion: true },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
