/**
 * Absences besides vacation (docs/PRODUCT-RULES.md §32.2): sick leave, unpaid leave, military or civil service,
 * training, compensation. Planners (vacations:write) record and read anyone's; staff read their own and report
 * sick from /api/me/sick.
 */
import { z } from "zod";
import { messageSchema } from "@/lib/shared/schemas/common";
import { idParamsSchema } from "@/lib/shared/schemas/fragments";
import {
  absenceDtoSchema,
  absenceInputSchema,
  absenceQuerySchema,
  recordedAbsenceSchema,
  sickReportResultSchema,
  sickReportSchema,
} from "@/lib/shared/schemas/absence";
import { defineOperation } from "./operation";

const tag = "Absences";
const writeErrors = [
  {
    status: 400,
    description:
      "`validation_failed` with `fields`: unknown or archived employee, end before start, hours on more than one " +
      "day or outside 0–24, a certificate on another type than `krank`",
  },
  {
    status: 409,
    description: "`conflict`: touches another absence or an approved vacation of the employee",
  },
] as const;
const notFound = { status: 404, description: "`not_found`: no such absence" } as const;

export const listAbsences = defineOperation({
  method: "GET",
  path: "/api/absences",
  id: "listAbsences",
  tag,
  summary: "Absences touching a date range: anyone's for planners, the caller's own for staff",
  description:
    "The type is health data: staff read only their own linked employee's absences (without `employee_id` they " +
    "get them; another id is 403). `certificate_due` flags sick leave that reached the company's " +
    "`certificate_from_day` without a certificate.",
  access: "self-service",
  scope: "vacations:read",
  planners: "vacations:write",
  query: absenceQuerySchema,
  responses: [{ status: 200, description: "The absences, by start date and name", schema: z.array(absenceDtoSchema) }],
  errors: [
    {
      status: 403,
      description: "`forbidden`: no linked employee, or, without `vacations:write`, another employee's id",
    },
  ],
});

export const createAbsence = defineOperation({
  method: "POST",
  path: "/api/absences",
  id: "createAbsence",
  tag,
  summary: "Record an absence (manager, admin)",
  description:
    "Whole days open the employee's shifts on them like a recorded vacation (`opened_shifts`) and answer a " +
    "`change_id` that undoes both; hours on one day open nothing.",
  access: "vacations:write",
  scope: "vacations:write",
  body: absenceInputSchema,
  responses: [{ status: 201, description: "The new absence", schema: recordedAbsenceSchema }],
  errors: [...writeErrors],
});

export const updateAbsence = defineOperation({
  method: "PUT",
  path: "/api/absences/{id}",
  id: "updateAbsence",
  tag,
  summary: "Replace an absence (manager, admin)",
  description: "Days it gains open the employee's shifts on them; days it gives back leave the plan as it is.",
  access: "vacations:write",
  scope: "vacations:write",
  params: idParamsSchema,
  body: absenceInputSchema,
  responses: [{ status: 200, description: "The changed absence", schema: recordedAbsenceSchema }],
  errors: [...writeErrors, notFound],
});

export const deleteAbsence = defineOperation({
  method: "DELETE",
  path: "/api/absences/{id}",
  id: "deleteAbsence",
  tag,
  summary: "Remove an absence (manager, admin); shifts it opened stay open",
  access: "vacations:write",
  scope: "vacations:write",
  params: idParamsSchema,
  responses: [{ status: 200, description: "Removed", schema: messageSchema }],
  errors: [notFound],
});

export const reportSick = defineOperation({
  method: "POST",
  path: "/api/me/sick",
  id: "reportSick",
  tag: "Me",
  summary: '"Ich bin krank": the caller\'s linked employee is sick today and the following days',
  description:
    "Records sick leave from today (the business's day) for `days` days (default 1), or extends the own sick " +
    "leave that runs into today. The employee's shifts on those days become open like for an approved vacation; " +
    "`opened_shifts` says how many, `change_id` undoes the report with them. The managers see it on the dashboard.",
  access: "self-service",
  body: sickReportSchema,
  responses: [{ status: 201, description: "The sick leave and the shifts opened", schema: sickReportResultSchema }],
  errors: [
    { status: 400, description: "`validation_failed` with `fields.days`: not 1–14" },
    { status: 403, description: "`forbidden`: the caller's user is linked to no employee" },
    { status: 409, description: "`conflict`: another absence or an approved vacation on those days" },
  ],
});
