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
  { status: 409, description: "`conflict`: overlaps another vacation of the employee" },
] as const;

export const listVacations = defineOperation({
  method: "GET",
  path: "/api/vacations",
  id: "listVacations",
  tag,
  summary: "Vacations, optionally of one employee and overlapping a date range",
  access: "schedule:read",
  query: vacationQuerySchema,
  responses: [{ status: 200, description: "The vacations", schema: z.array(vacationDtoSchema) }],
});

export const createVacation = defineOperation({
  method: "POST",
  path: "/api/vacations",
  id: "createVacation",
  tag,
  summary: "Record a vacation",
  access: "vacations:write",
  body: vacationInputSchema,
  responses: [
    {
      status: 201,
      description: "The new vacation; the employee's shifts in its range are now open (`opened_shifts`)",
      schema: recordedVacationSchema,
    },
  ],
  errors: [...writeErrors],
});

export const updateVacation = defineOperation({
  method: "PUT",
  path: "/api/vacations/{id}",
  id: "updateVacation",
  tag,
  summary: "Replace a vacation",
  access: "vacations:write",
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
  summary: "Remove a vacation, returning its days",
  access: "vacations:write",
  params: idParamsSchema,
  responses: [{ status: 200, description: "Removed", schema: messageSchema }],
});

export const employeeVacations = defineOperation({
  method: "GET",
  path: "/api/vacations/employee/{id}",
  id: "listEmployeeVacations",
  tag,
  summary: "One active employee's vacations",
  access: "schedule:read",
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
  params: idParamsSchema,
  query: balanceQuerySchema,
  responses: [{ status: 200, description: "The balance", schema: vacationBalanceSchema }],
});
