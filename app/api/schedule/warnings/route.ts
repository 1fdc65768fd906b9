// GET /api/schedule/warnings?start_date&end_date – the planning rules' findings for a range (everyone)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { jsonText, route } from "@/lib/server/api/route";
import { warningsJson } from "@/lib/server/rules/find-findings";
import { cachedAudienceOf, projectFindingsJson, viewerOf } from "@/lib/server/privacy/viewer";
import { cachedForScheduleVersion } from "@/lib/server/shifts/schedule-version-cache";
import * as api from "@/lib/shared/contract/schedule";

// Cached like the week view: the schedule data version moves with everything the rules read.
export const GET = route(
  api.listScheduleWarnings,
  async ({ query, user, scheduleVersion }) => {
    const viewer = viewerOf(user);
    const audience = cachedAudienceOf(viewer);
    // Everyone but the planners sees the findings of the plan as published (docs/PRODUCT-RULES.md §33.3).
    const staffPlan = viewer.kind !== "planner";
    const text = await cachedForScheduleVersion(
      `warnings:${audience}:${staffPlan ? "published" : "draft"}:${query.start_date}:${query.end_date}`,
      scheduleVersion,
      () => warningsJson(query, audience, { staffPlan }),
    );
    // A linked user keeps only the findings about themselves (docs/PRODUCT-RULES.md §31.2).
    return jsonText(projectFindingsJson(viewer, text));
  },
  { withScheduleVersion: true },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
