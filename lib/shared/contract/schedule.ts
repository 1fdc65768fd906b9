import { z } from "zod";
import { findingSchema } from "@/lib/shared/schemas/finding";
import { scheduleWeekSchema } from "@/lib/shared/schemas/schedule";
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

export const getScheduleWeek = defineOperation({
  method: "GET",
  path: "/api/schedule/week",
  id: "getScheduleWeek",
  tag: "Shifts",
  summary: "What the planner shows of a date range, in one answer",
  description:
    "The shifts (as `GET /api/shifts`), their findings (as `GET /api/schedule/warnings`), the approved vacations " +
    "and the public holidays (as `GET /api/holidays`) of the range, and the company's labour rules.",
  access: "schedule:read",
  query: dateRangeQuerySchema,
  responses: [{ status: 200, description: "The range's plan", schema: scheduleWeekSchema }],
});
