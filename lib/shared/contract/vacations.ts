import { z } from "zod";
import { idParamsSchema } from "@/lib/shared/schemas/fragments";
import { messageSchema } from "@/lib/shared/schemas/common";
import {
  balanceQuerySchema,
  recordedVacationSchema,
  vacationBalanceSchema,
  vacationDtoSchema,
  vacationInputSchema,
  vacationQuerySchema,
  vacationRejectionSchema,
} from "@/lib/shared/schemas/vacation";
import { defineOperation } from "./operation";

const tag = "Vacations";
const writeErrors = [
  {
    status: 400,
    description:
      "`insufficient_vacation_days` with `required`, `available` and `year`: not enough vacation days left; " +
      "`validation_failed`: unknown employee, or no working day in the range",
  },
  { status: 409, description: "`conflict`: overlaps another requested or approved vacation of the employee" },
] as const;
const decided = {
  status: 409,
  description: "`conflict`: the vacation is no request (any more): already approved or rejected",
} as const;
/** Staff see others' vacations only approved, their own linked employee's in every status (§26.3). */
const readerNote =
  "Callers without `vacations:write` get other employees' vacations only when approved, " +
  "their own linked employee's in every status.";

export const listVacations = defineOperation({
  method: "GET",
  path: "/api/vacations",
  id: "listVacations",
  tag,
  summary: "Vacations, optionally of one employee, of one status and overlapping a date range",
  description: readerNote,
  access: "schedule:read",
  scope: "vacations:read",
  query: vacationQuerySchema,
  responses: [{ status: 200, description: "The vacations", schema: z.array(vacationDtoSchema) }],
});

export const createVacation = defineOperation({
  method: "POST",
  path: "/api/vacations",
  id: "createVacation",
  tag,
  summary: "Record a vacation (manager, admin) or request one for the own linked employee",
  description:
    "Managers and admins record an `approved` vacation for anyone; the employee's shifts in its range become open. " +
    "Everyone else requests one for their own linked employee: it is stored `requested`, holds its days as " +
    "`pending` and opens no shifts until a manager approves it.",
  access: "self-service",
  scope: "vacations:write",
  planners: "vacations:write",
  body: vacationInputSchema,
  responses: [
    {
      status: 201,
      description: "The new vacation; the employee's shifts in its range are now open (`opened_shifts`)",
      schema: recordedVacationSchema,
    },
  ],
  errors: [...writeErrors, { status: 403, description: "`forbidden`: another employee than the own linked one" }],
});

export const approveVacation = defineOperation({
  method: "POST",
  path: "/api/vacations/{id}/approve",
  id: "approveVacation",
  tag,
  summary: "Approve a vacation request",
  description:
    "Checks overlap and balance again; the vacation then counts as used and the employee's shifts in its range " +
    "become open (`opened_shifts`).",
  access: "vacations:write",
  scope: "vacations:write",
  params: idParamsSchema,
  responses: [{ status: 200, description: "The approved vacation", schema: recordedVacationSchema }],
  errors: [...writeErrors, decided],
});

export const rejectVacation = defineOperation({
  method: "POST",
  path: "/api/vacations/{id}/reject",
  id: "rejectVacation",
  tag,
  summary: "Reject a vacation request with a reason the requester sees",
  access: "vacations:write",
  scope: "vacations:write",
  params: idParamsSchema,
  body: vacationRejectionSchema,
  responses: [
    { status: 200, description: "The rejected vacation; its days are no longer pending", schema: vacationDtoSchema },
  ],
  errors: [decided],
});

export const updateVacation = defineOperation({
  method: "PUT",
  path: "/api/vacations/{id}",
  id: "updateVacation",
  tag,
  summary: "Replace a vacation (it keeps its status; a rejected one cannot be changed: 409)",
  access: "vacations:write",
  scope: "vacations:write",
  params: idParamsSchema,
  body: vacationInputSchema,
  responses: [
    {
      status: 200,
      description: "The changed vacation; the employee's shifts in its new range are now open (`opened_shifts`)",
      schema: recordedVacationSchema,
    },
  ],
  errors: [...writeErrors],
});

export const deleteVacation = defineOperation({
  method: "DELETE",
  path: "/api/vacations/{id}",
  id: "deleteVacation",
  tag,
  summary: "Remove a vacation (manager, admin), or withdraw the own request",
  description:
    "Managers and admins remove any vacation, returning its days. Everyone else may withdraw their own linked " +
    "employee's request while it is `requested`.",
  access: "self-service",
  scope: "vacations:write",
  planners: "vacations:write",
  params: idParamsSchema,
  responses: [{ status: 200, description: "Removed", schema: messageSchema }],
  errors: [
    { status: 403, description: "`forbidden`: another employee's vacation" },
    { status: 409, description: "`conflict`: the own vacation is approved or rejected (only a request is withdrawn)" },
  ],
});

export const employeeVacations = defineOperation({
  method: "GET",
  path: "/api/vacations/employee/{id}",
  id: "listEmployeeVacations",
  tag,
  summary: "One active employee's vacations",
  description: readerNote,
  access: "schedule:read",
  scope: "vacations:read",
  params: idParamsSchema,
  responses: [{ status: 200, description: "The vacations", schema: z.array(vacationDtoSchema) }],
});

export const vacationBalance = defineOperation({
  method: "GET",
  path: "/api/vacations/balance/{id}",
  id: "getVacationBalance",
  tag,
  summary: "An employee's vacation days of a year (default: this year)",
  access: "schedule:read",
  scope: "vacations:read",
  params: idParamsSchema,
  query: balanceQuerySchema,
  responses: [{ status: 200, description: "The balance", schema: vacationBalanceSchema }],
});
