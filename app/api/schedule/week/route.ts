// GET /api/schedule/week?start_date&end_date – the planner's week: shifts, findings, vacations, holidays (everyone)
import { jsonText, route } from "@/lib/server/api/route";
import { scheduleWeekJson } from "@/lib/server/schedule/find-schedule-week";
import { cachedForScheduleVersion } from "@/lib/server/shifts/schedule-version-cache";
import * as api from "@/lib/shared/contract/schedule";

export const GET = route(
  api.getScheduleWeek,
  async ({ query, scheduleVersion }) =>
    jsonText(
      await cachedForScheduleVersion(`week:${query.start_date}:${query.end_date}`, scheduleVersion, () =>
        scheduleWeekJson(query),
      ),
    ),
  { withScheduleVersion: true },
);
