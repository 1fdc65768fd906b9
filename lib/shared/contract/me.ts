/**
 * The caller's own data (docs/PRODUCT-RULES.md §26): operations under /api/me for a user with a linked employee.
 * Access "self-service": every role, but the handler acts only for the caller's linked employee (403 without one).
 */
import { z } from "zod";
import { openShiftDtoSchema } from "@/lib/shared/schemas/shift-application";
import { defineOperation } from "./operation";

const notLinked = {
  status: 403,
  description: "`forbidden`: the caller's user is linked to no employee",
} as const;

export const listMyOpenShifts = defineOperation({
  method: "GET",
  path: "/api/me/open-shifts",
  id: "listMyOpenShifts",
  tag: "Me",
  summary: "The open shifts of the next four weeks the caller's employee may apply for",
  description:
    "Unassigned shifts of active locations dated from today to today + 27 days, sorted by date and start, each " +
    "with `applied` (the caller's employee has applied) and `findings`: what the planning rules would say if the " +
    "caller's employee took it. A finding with severity `error` (overlap, vacation day) means an application is " +
    "refused.",
  access: "self-service",
  responses: [{ status: 200, description: "The open shifts", schema: z.array(openShiftDtoSchema) }],
  errors: [notLinked],
});
