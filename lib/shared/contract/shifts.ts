import { z } from "zod";
import { idParamsSchema } from "@/lib/shared/schemas/fragments";
import { deletedShiftSchema } from "@/lib/shared/schemas/change";
import { findingSchema, savedShiftSchema } from "@/lib/shared/schemas/finding";
import {
  bulkShiftsResultSchema,
  bulkShiftsSchema,
  copiedWeekSchema,
  copyWeekSchema,
  dateRangeQuerySchema,
  shiftCheckSchema,
  shiftDtoSchema,
  shiftInputSchema,
} from "@/lib/shared/schemas/shift";
import { shiftApplicationDtoSchema } from "@/lib/shared/schemas/shift-application";
import { defineOperation } from "./operation";

const tag = "Shifts";
const unknownReference = {
  status: 400,
  description:
    "`validation_failed` with `fields.employee_id` / `fields.location_id`: unknown or archived employee or location",
} as const;
const refused = {
  status: 409,
  description:
    "`shift_overlap`: the employee works at that time already (any location); `employee_on_vacation`: the " +
    "employee has an approved vacation that day. `error` names the person, the day and the other shift.",
} as const;

export const listShifts = defineOperation({
  method: "GET",
  path: "/api/shifts",
  id: "listShifts",
  tag,
  summary: "Shifts of a date range (at most 366 days), sorted by date and start",
  access: "schedule:read",
  scope: "schedule:read",
  query: dateRangeQuerySchema,
  responses: [{ status: 200, description: "The shifts", schema: z.array(shiftDtoSchema) }],
});

export const createShift = defineOperation({
  method: "POST",
  path: "/api/shifts",
  id: "createShift",
  tag,
  summary: "Plan a shift",
  description:
    "`custom_name` is kept only when `is_custom` is true. An end before the start means the shift ends the next day.",
  access: "shifts:write",
  scope: "schedule:write",
  body: shiftInputSchema,
  responses: [{ status: 201, description: "The new shift with its `warnings`", schema: savedShiftSchema }],
  errors: [unknownReference, refused],
});

export const updateShift = defineOperation({
  method: "PUT",
  path: "/api/shifts/{id}",
  id: "updateShift",
  tag,
  summary: "Replace a shift",
  access: "shifts:write",
  scope: "schedule:write",
  params: idParamsSchema,
  body: shiftInputSchema,
  responses: [{ status: 200, description: "The changed shift with its `warnings`", schema: savedShiftSchema }],
  errors: [unknownReference, refused],
});

export const deleteShift = defineOperation({
  method: "DELETE",
  path: "/api/shifts/{id}",
  id: "deleteShift",
  tag,
  summary: "Remove a shift",
  access: "shifts:write",
  scope: "schedule:write",
  params: idParamsSchema,
  responses: [{ status: 200, description: "Removed; `change_id` undoes it", schema: deletedShiftSchema }],
});

export const checkShift = defineOperation({
  method: "POST",
  path: "/api/shifts/check",
  id: "checkShift",
  tag,
  summary: "The findings a shift would have (writes nothing)",
  description:
    "Takes the body of POST/PUT `/api/shifts`, plus `id` when an existing shift is being edited; answers the " +
    "findings of the planning rules for it, errors (which POST/PUT would refuse) and warnings alike. A shift " +
    "not saved yet has `shift_id` 0.",
  access: "shifts:write",
  scope: "schedule:write",
  body: shiftCheckSchema,
  responses: [{ status: 200, description: "Its findings", schema: z.array(findingSchema) }],
  errors: [unknownReference],
});

export const applyForShift = defineOperation({
  method: "POST",
  path: "/api/shifts/{id}/application",
  id: "applyForShift",
  tag,
  summary: 'Apply for an open shift ("Ich kann") as the caller\'s linked employee',
  description:
    "Open shifts of active locations dated from today to today + 27 days, not yet begun (by the business's " +
    "clock). Taking the shift must be possible: an " +
    "overlap or a vacation day is refused like an assignment; the answer carries the other findings as `warnings`. " +
    "Assigning the shift (PUT) or deleting it removes its applications.",
  access: "self-service",
  params: idParamsSchema,
  responses: [{ status: 201, description: "The application", schema: shiftApplicationDtoSchema }],
  errors: [
    { status: 403, description: "`forbidden`: the caller's user is linked to no employee" },
    { status: 404, description: "`not_found`: unknown shift" },
    {
      status: 409,
      description:
        "`conflict`: the shift is assigned, at an archived location, dated before today or after today + 27 days, " +
        "begun already (today, at or after its start), or the caller has applied already; " +
        "`shift_overlap` / `employee_on_vacation`: as for an assignment",
    },
  ],
});

export const withdrawShiftApplication = defineOperation({
  method: "DELETE",
  path: "/api/shifts/{id}/application",
  id: "withdrawShiftApplication",
  tag,
  summary: "Withdraw the caller's application for a shift",
  access: "self-service",
  params: idParamsSchema,
  responses: [{ status: 204, description: "Withdrawn" }],
  errors: [
    { status: 403, description: "`forbidden`: the caller's user is linked to no employee" },
    { status: 404, description: "`not_found`: unknown shift, or the caller's employee has not applied for it" },
  ],
});

export const copyWeek = defineOperation({
  method: "POST",
  path: "/api/shifts/copy-week",
  id: "copyWeek",
  tag,
  summary: "Copy every shift of one week to the same weekdays of another week",
  description:
    "Both dates may be any day of their week (its Monday–Sunday week is meant). Shifts at archived locations are " +
    "not copied (`skipped`). `with_employees` (default true): each copy keeps its employee unless that would be " +
    "an overlap (with a shift of the target week or another copy), an approved vacation day, or the employee is " +
    "archived; then the copy is open and listed in `opened` with the reason. All shifts or none.",
  access: "shifts:write",
  scope: "schedule:write",
  body: copyWeekSchema,
  responses: [{ status: 201, description: "The shifts created", schema: copiedWeekSchema }],
  errors: [{ status: 400, description: "`validation_failed`: bad dates, or both dates in the same week" }],
});

export const bulkShifts = defineOperation({
  method: "POST",
  path: "/api/shifts/bulk",
  id: "bulkShifts",
  tag,
  summary: "Move, copy or delete several shifts at once (one change, all or nothing)",
  description:
    "`move`: every shift by `days` and/or to `location_id`, checked like PUT `/api/shifts/{id}`; an overlap or a " +
    "vacation day refuses the whole move (409) and nothing is written. `copy`: by `days`/`location_id`, or the " +
    "shifts of one day to each day of `to_dates`; as for copy-week a copy whose employee would overlap, be on " +
    "vacation or is archived is made open (`opened`); `with_employees: false` makes every copy open. `delete`: " +
    "the shifts and their applications. One `change_id` undoes it all.",
  access: "shifts:write",
  scope: "schedule:write",
  body: bulkShiftsSchema,
  responses: [{ status: 200, description: "Done", schema: bulkShiftsResultSchema }],
  errors: [
    {
      status: 400,
      description:
        "`validation_failed`: bad body, a target date outside the window, an archived or unknown target location, " +
        "`to_dates` for shifts of several days, or nothing would change",
    },
    { status: 404, description: "`not_found`: a shift does not exist" },
    {
      status: 409,
      description:
        "`shift_overlap` / `employee_on_vacation` (move): a shift refused like an assignment; `conflict`: a shift " +
        "changed meanwhile",
    },
  ],
});
