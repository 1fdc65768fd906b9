import { z } from "zod";
import { idParamsSchema } from "@/lib/shared/schemas/fragments";
import { messageSchema } from "@/lib/shared/schemas/common";
import {
  unavailabilityDtoSchema,
  unavailabilityInputSchema,
  unavailabilityQuerySchema,
} from "@/lib/shared/schemas/unavailability";
import { defineOperation } from "./operation";

const tag = "Unavailability";

// docs/PRODUCT-RULES.md §26.4: every role, but staff only with a linked employee and only for that employee;
// planners (shifts:write) act for anyone.
const forbidden = {
  status: 403,
  description:
    '`forbidden`: no linked employee ("Dein Benutzer ist mit keinem Mitarbeiter verknüpft"), or, without ' +
    '`shifts:write`, another employee\'s id or entry ("Keine Berechtigung")',
} as const;
const unknownEmployee = {
  status: 400,
  description: "`validation_failed` with `fields.employee_id`: unknown or archived employee",
} as const;
const notFound = { status: 404, description: "`not_found`: no such entry" } as const;

export const listUnavailability = defineOperation({
  method: "GET",
  path: "/api/unavailability",
  id: "listUnavailability",
  tag,
  summary: "Unavailability touching a date range: anyone's for planners, the caller's own for staff",
  access: "self-service",
  scope: "employees:read",
  planners: "shifts:write",
  query: unavailabilityQuerySchema,
  responses: [
    {
      status: 200,
      description: "The entries, by start date; staff get their own even without `employee_id`",
      schema: z.array(unavailabilityDtoSchema),
    },
  ],
  errors: [forbidden],
});

export const createUnavailability = defineOperation({
  method: "POST",
  path: "/api/unavailability",
  id: "createUnavailability",
  tag,
  summary: "Record time an employee cannot work",
  access: "self-service",
  planners: "shifts:write",
  body: unavailabilityInputSchema,
  responses: [{ status: 201, description: "The new entry", schema: unavailabilityDtoSchema }],
  errors: [unknownEmployee, forbidden],
});

export const updateUnavailability = defineOperation({
  method: "PUT",
  path: "/api/unavailability/{id}",
  id: "updateUnavailability",
  tag,
  summary: "Replace an unavailability entry",
  access: "self-service",
  planners: "shifts:write",
  params: idParamsSchema,
  body: unavailabilityInputSchema,
  responses: [{ status: 200, description: "The changed entry", schema: unavailabilityDtoSchema }],
  errors: [unknownEmployee, forbidden, notFound],
});

export const deleteUnavailability = defineOperation({
  method: "DELETE",
  path: "/api/unavailability/{id}",
  id: "deleteUnavailability",
  tag,
  summary: "Remove an unavailability entry",
  access: "self-service",
  planners: "shifts:write",
  params: idParamsSchema,
  responses: [{ status: 200, description: "Removed", schema: messageSchema }],
  errors: [forbidden, notFound],
});
