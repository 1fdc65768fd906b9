/**
 * Planned vs. worked and the monthly approval (docs/PRODUCT-RULES.md §32.3): managers and admins (`time:manage`).
 */
import { z } from "zod";
import {
  approveMonthSchema,
  monthSchema,
  reopenMonthSchema,
  timesheetMonthResultSchema,
  timesheetQuerySchema,
  timesheetSchema,
} from "@/lib/shared/schemas/timesheet";
import { defineOperation } from "./operation";

const tag = "Time recording";

export const getTimesheet = defineOperation({
  method: "GET",
  path: "/api/timesheets",
  id: "getTimesheet",
  tag,
  summary: "Planned vs. worked per employee and day (at most 42 days), with flags, rule findings and totals",
  description:
    "Employees with a shift or an entry in the range (at `location_id` when given; only `employee_id` when given). " +
    "Per day: the planned shifts, the entries (void ones shown, not counted), absences, worked − planned, the flags " +
    "`missing_stamp`, `unplanned`, `forgotten_clock_out`, `start_off`, `end_off` with German labels, and the " +
    "planning rules' findings (rest time, daily and weekly maximum, breaks) computed on the worked times. Totals " +
    "and the approval of the months the range touches per employee.",
  access: "time:manage",
  scope: "time:read",
  query: timesheetQuerySchema,
  responses: [{ status: 200, description: "The timesheet", schema: timesheetSchema }],
  errors: [{ status: 404, description: "`not_found`: `employee_id` names no employee (archived ones are found)" }],
});

export const getMyTimesheet = defineOperation({
  method: "GET",
  path: "/api/me/timesheet",
  id: "getMyTimesheet",
  tag,
  summary: "The caller's own month, planned vs. worked per day, with flags, findings, totals and the approval",
  description:
    "The same answer as GET /api/timesheets for the caller's employee and the whole month (docs §32.7): " +
    "`employees` holds the caller alone (without a day when the month has no shift and no entry of theirs).",
  access: "self-service",
  query: z.object({ month: monthSchema }),
  responses: [{ status: 200, description: "The own timesheet of the month", schema: timesheetSchema }],
  errors: [{ status: 403, description: "`forbidden`: the caller's user is linked to no employee" }],
});

export const approveTimesheetMonth = defineOperation({
  method: "POST",
  path: "/api/timesheets/approve",
  id: "approveTimesheetMonth",
  tag,
  summary: "Approve an employee's month: its entries become approved and locked until it is reopened",
  access: "time:manage",
  scope: "time:write",
  body: approveMonthSchema,
  responses: [{ status: 200, description: "The approved month", schema: timesheetMonthResultSchema }],
  errors: [
    { status: 404, description: "`not_found`: unknown employee" },
    {
      status: 409,
      description:
        '`conflict`: approved already ("… ist bereits genehmigt."), an entry of the month is running, a correction ' +
        "request of the month is open, or the month has not begun",
    },
  ],
});

export const reopenTimesheetMonth = defineOperation({
  method: "POST",
  path: "/api/timesheets/reopen",
  id: "reopenTimesheetMonth",
  tag,
  summary: "Reopen an approved month with a reason: its entries go back to recorded, one revision each",
  access: "time:manage",
  scope: "time:write",
  body: reopenMonthSchema,
  responses: [{ status: 200, description: "The reopened month", schema: timesheetMonthResultSchema }],
  errors: [
    { status: 404, description: "`not_found`: unknown employee" },
    { status: 409, description: "`conflict`: the month is not approved" },
  ],
});
