import { z } from "zod";
import {
  applyAutoFillSchema,
  appliedAutoFillSchema,
  autoFillProposalSchema,
  autoFillSchema,
} from "@/lib/shared/schemas/auto-fill";
import { findingSchema } from "@/lib/shared/schemas/finding";
import { publicationSchema, publishInputSchema } from "@/lib/shared/schemas/publication";
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
  scope: "schedule:read",
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
  scope: "schedule:read",
  query: dateRangeQuerySchema,
  responses: [{ status: 200, description: "The range's plan", schema: scheduleWeekSchema }],
});

export const proposeAutoFill = defineOperation({
  method: "POST",
  path: "/api/schedule/auto-fill",
  id: "proposeAutoFill",
  tag: "Shifts",
  summary: "Propose employees for the open shifts of a range (writes nothing)",
  description:
    "An integer program solved by HiGHS within `AUTO_FILL_TIME_LIMIT_SECONDS` (default 10). Never proposed: an " +
    "overlap, vacation, unavailability, rest time, daily or weekly maximum or 7th working day in a row (counting " +
    "the assigned and the other proposed shifts), an archived employee, a location outside the employee's " +
    "`location_ids`. Then, in this order: as many filled shifts as possible; fixed employees at or below their " +
    "contract hours (free hours first, then hourly staff); evening, weekend and holiday shifts spread fairly; " +
    "applicants preferred. Assigned shifts never change. Pass `assignments` unchanged to the apply operation.",
  access: "shifts:write",
  scope: "schedule:write",
  body: autoFillSchema,
  responses: [{ status: 200, description: "The proposal", schema: autoFillProposalSchema }],
  errors: [
    {
      status: 400,
      description: "`validation_failed`: bad dates, a range over 31 days, an unknown or archived location",
    },
  ],
});

export const applyAutoFill = defineOperation({
  method: "POST",
  path: "/api/schedule/auto-fill/apply",
  id: "applyAutoFill",
  tag: "Shifts",
  summary: "Write a proposal's assignments, all or none",
  description:
    "Each shift must still be open and unchanged since the proposal (`shift_updated_at`), each employee active and " +
    "working at the shift's location, and the assignments together must break none of the rules the proposal " +
    "respects. The answer's `change_id` undoes the whole apply (`POST /api/changes/{id}/undo`).",
  access: "shifts:write",
  scope: "schedule:write",
  body: applyAutoFillSchema,
  responses: [{ status: 200, description: "Assigned", schema: appliedAutoFillSchema }],
  errors: [
    { status: 400, description: "`validation_failed`: no assignments, a shift twice, a bad timestamp" },
    {
      status: 409,
      description:
        "`auto_fill_conflict` with `shift_ids`: those shifts changed since the proposal (assigned, edited, deleted, " +
        "their employee archived or moved elsewhere, or another write made the assignment break a rule). " +
        "Nothing is written.",
    },
  ],
});

export const publishPlan = defineOperation({
  method: "POST",
  path: "/api/schedule/publish",
  id: "publishPlan",
  tag: "Shifts",
  summary: "Publish the draft of a range: staff see it from now on, and each person affected gets one message",
  description:
    "While publishing is on (`GET /api/settings`, `publishing`), staff (`/api/me`, the calendar feed, the week and " +
    "the open shifts of callers who do not plan) see each shift as last published; planners edit the draft. This " +
    "copies the draft of every shift dated in the range, in the draft or as published (so a move to another week " +
    "goes with either week), at the locations named or all, in one transaction; writes one inbox message per " +
    "person listing only their changes; and answers per employee what changed. Publishing again without changes " +
    "changes nothing and tells nobody.",
  access: "shifts:write",
  scope: "schedule:write",
  body: publishInputSchema,
  responses: [{ status: 200, description: "Published", schema: publicationSchema }],
  errors: [
    { status: 400, description: "`validation_failed`: bad dates, more than 31 days, an unknown location" },
    { status: 409, description: "`conflict`: publishing is switched off (every change is visible at once)" },
  ],
});
