/**
 * The caller's own data (docs/PRODUCT-RULES.md §26): operations under /api/me for a user with a linked employee.
 * Access "self-service": every role, but the handler acts only for the caller's linked employee (403 without one).
 */
import { z } from "zod";
import { messageSchema } from "@/lib/shared/schemas/common";
import { issuedCalendarLinkSchema, myScheduleSchema } from "@/lib/shared/schemas/my-schedule";
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
    "Unassigned shifts of active locations dated from today to today + 27 days, without today's that have begun " +
    "(by the business's clock), sorted by date and start, each " +
    "with `applied` (the caller's employee has applied) and `findings`: what the planning rules would say if the " +
    "caller's employee took it. A finding with severity `error` (overlap, vacation day) means an application is " +
    "refused.",
  access: "self-service",
  responses: [{ status: 200, description: "The open shifts", schema: z.array(openShiftDtoSchema) }],
  errors: [notLinked],
});

export const getMySchedule = defineOperation({
  method: "GET",
  path: "/api/me",
  id: "getMySchedule",
  tag: "Me",
  summary: "The caller's own week plan, vacations and calendar link (Meine Schichten)",
  description:
    "For a user linked to an employee: that employee's shifts of this week and the seven after it with hours and " +
    "the planning rules' findings, the public holidays of those weeks, own vacations in every status with the " +
    "year's balance, and whether a calendar link exists.",
  access: "self-service",
  responses: [{ status: 200, description: "The caller's schedule", schema: myScheduleSchema }],
  errors: [notLinked],
});

export const createCalendarLink = defineOperation({
  method: "POST",
  path: "/api/me/calendar-link",
  id: "createCalendarLink",
  tag: "Me",
  summary: "Create the caller's calendar link (and end the previous one)",
  description:
    "Answers the new secret once; only its hash is kept. The previous link of the employee stops working at once.",
  access: "self-service",
  responses: [{ status: 201, description: "The new link", schema: issuedCalendarLinkSchema }],
  errors: [notLinked],
});

export const deleteCalendarLink = defineOperation({
  method: "DELETE",
  path: "/api/me/calendar-link",
  id: "deleteCalendarLink",
  tag: "Me",
  summary: "End the caller's calendar link",
  access: "self-service",
  responses: [{ status: 200, description: "The link no longer works", schema: messageSchema }],
  errors: [notLinked, { status: 404, description: "`not_found`: there was no link" }],
});
