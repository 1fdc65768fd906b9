import { messageSchema } from "@/lib/shared/schemas/common";
import { issuedCalendarLinkSchema, myScheduleSchema } from "@/lib/shared/schemas/my-schedule";
import { defineOperation } from "./operation";

const tag = "Self-service";
const NOT_LINKED = { status: 403, description: "`forbidden`: the user has no linked employee" } as const;

export const getMySchedule = defineOperation({
  method: "GET",
  path: "/api/me",
  id: "getMySchedule",
  tag,
  summary: "The caller's own week plan, vacations and calendar link (Meine Schichten)",
  description:
    "For a user linked to an employee: that employee's shifts of this week and the seven after it with hours and " +
    "the planning rules' findings, the public holidays of those weeks, own vacations in every status with the " +
    "year's balance, and whether a calendar link exists.",
  access: "self-service",
  responses: [{ status: 200, description: "The caller's schedule", schema: myScheduleSchema }],
  errors: [NOT_LINKED],
});

export const createCalendarLink = defineOperation({
  method: "POST",
  path: "/api/me/calendar-link",
  id: "createCalendarLink",
  tag,
  summary: "Create the caller's calendar link (and end the previous one)",
  description:
    "Answers the new secret once; only its hash is kept. The previous link of the employee stops working at once.",
  access: "self-service",
  responses: [{ status: 201, description: "The new link", schema: issuedCalendarLinkSchema }],
  errors: [NOT_LINKED],
});

export const deleteCalendarLink = defineOperation({
  method: "DELETE",
  path: "/api/me/calendar-link",
  id: "deleteCalendarLink",
  tag,
  summary: "End the caller's calendar link",
  access: "self-service",
  responses: [{ status: 200, description: "The link no longer works", schema: messageSchema }],
  errors: [NOT_LINKED, { status: 404, description: "`not_found`: there was no link" }],
});
