import { z } from "zod";
import { findingSchema } from "@/lib/shared/schemas/finding";
import { dateRangeQuerySchema } from "@/lib/shared/schemas/shift";
import { defineOperation } from "./operation";

export const listScheduleWarnings = defineOperation({
  method: "GET",
  path: "/api/schedule/warnings",
  id: "listScheduleWarnings",
  tag: "Shifts",
  summary: "The findings of the planning rules for the shifts of a date range",
  description:
    "Every finding (overlap, vacation, rest time, daily and weekly maximum, break, consecutive days, overbooked) " +
    "of the shifts dated in the range, sorted by the shift's date and start. The rules look far enough around " +
    "the range that rest time and week totals are right at its edges.",
  access: "schedule:read",
  query: dateRangeQuerySchema,
  responses: [{ status: 200, description: "The findings", schema: z.array(findingSchema) }],
});
