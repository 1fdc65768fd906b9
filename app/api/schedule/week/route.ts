// GET /api/schedule/week?start_date&end_date – the planner's week: shifts, findings, vacations, holidays (everyone)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { jsonText, route } from "@/lib/server/api/route";
import { scheduleWeekJson } from "@/lib/server/schedule/find-schedule-week";
import { cachedAudienceOf, projectScheduleWeekJson, viewerOf } from "@/lib/server/privacy/viewer";
import { cachedForScheduleVersion } from "@/lib/server/shifts/schedule-version-cache";
import { db } from "@/lib/server/db/client";
import { findWeekSwaps, NO_WEEK_SWAPS, withWeekSwaps } from "@/lib/server/swaps/week-swaps";
import * as api from "@/lib/shared/contract/schedule";

export const GET = route(
  api.getScheduleWeek,
  async ({ query, user, scheduleVersion }) => {
    const viewer = viewerOf(user);
    const audience = cachedAudienceOf(viewer);
    // Everyone but the planners sees the plan as published (docs/PRODUCT-RULES.md §33.3).
    const staffPlan = viewer.kind !== "planner";
    const [cached, swaps] = await Promise.all([
      cachedForScheduleVersion(
        `week:${audience}:${staffPlan ? "published" : "draft"}:${query.start_date}:${query.end_date}`,
        scheduleVersion,
        () => scheduleWeekJson(query, audience, { staffPlan }),
      ),
      // Running offers to give away or swap, for planners: read each time (docs/PRODUCT-RULES.md §35.7).
      viewer.kind === "planner" ? findWeekSwaps(db, query) : NO_WEEK_SWAPS,
    ]);
    const text = withWeekSwaps(cached, swaps);
    // A linked user sees colleagues' shifts, not their findings (docs/PRODUCT-RULES.md §31.2).
    return jsonText(projectScheduleWeekJson(viewer, text));
  },
  { withScheduleVersion: true },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
