/**
 * Time recording, entries (docs/PRODUCT-RULES.md §32.1): stamping and the own records under /api/me (linked users),
 * everyone's entries and the correction requests for managers and admins (`time:manage`).
 */
import { z } from "zod";
import { idParamsSchema } from "@/lib/shared/schemas/fragments";
import { dateRangeQuerySchema } from "@/lib/shared/schemas/shift";
import {
  acceptCorrectionSchema,
  clockInputSchema,
  clockStateSchema,
  correctionDtoSchema,
  correctionInputSchema,
  correctionQuerySchema,
  reasonSchema,
  rejectCorrectionSchema,
  revisionDtoSchema,
  timeEntryCreateSchema,
  timeEntryDtoSchema,
  timeEntryListItemSchema,
  timeEntryQuerySchema,
  timeEntryUpdateSchema,
} from "@/lib/shared/schemas/time-entry";
import { defineOperation } from "./operation";

const tag = "Time recording";
const notLinked = { status: 403, description: "`forbidden`: the caller's user is linked to no employee" } as const;
const closed = {
  status: 409,
  description:
    '`conflict`: the entry is approved ("Dieser Monat ist genehmigt …") or void, or overlaps another entry of ' +
    "the employee (the message names its times)",
} as const;
const badTimes = {
  status: 400,
  description:
    "`validation_failed` with `fields`: end not after start, longer than 24 h, a break outside the entry or " +
    "overlapping another, a start or end in the future, a day outside 2000–2099, an unknown or archived location",
} as const;

export const getClockState = defineOperation({
  method: "GET",
  path: "/api/me/clock",
  id: "getClockState",
  tag,
  summary: "The caller's clock state: next actions, running entry, today's entries and shifts",
  access: "self-service",
  responses: [{ status: 200, description: "The clock state", schema: clockStateSchema }],
  errors: [notLinked],
});

export const clock = defineOperation({
  method: "POST",
  path: "/api/me/clock",
  id: "clock",
  tag,
  summary: "Stamp: in, break_start, break_end or out, at the server's time",
  description:
    "The server's clock is the only clock; no time is sent. \"in\" takes the caller's shift that starts within 2 h " +
    "before or after now (its location and `shift_id`); without one, `location_id` names one of the caller's " +
    'Einsatzorte. "out" ends a running break. At most one running entry per employee: parallel "in" make one ' +
    "entry, the others answer 409.",
  access: "self-service",
  body: clockInputSchema,
  responses: [{ status: 200, description: "The clock state after the stamp", schema: clockStateSchema }],
  errors: [
    notLinked,
    {
      status: 400,
      description: "`validation_failed`: no shift near and no `location_id`, or a location not among the Einsatzorte",
    },
    {
      status: 409,
      description:
        '`conflict`: the action does not fit the state ("Du bist nicht eingestempelt.", "Du bist bereits ' +
        'eingestempelt.", "Deine Pause läuft bereits.", "Du hast keine Pause begonnen.")',
    },
  ],
});

export const listMyTimeEntries = defineOperation({
  method: "GET",
  path: "/api/me/time-entries",
  id: "listMyTimeEntries",
  tag,
  summary: "The caller's own entries of a range of business days (at most 366 days), with their revision counts",
  access: "self-service",
  query: dateRangeQuerySchema,
  responses: [{ status: 200, description: "The entries, by start", schema: z.array(timeEntryListItemSchema) }],
  errors: [notLinked],
});

export const requestTimeCorrection = defineOperation({
  method: "POST",
  path: "/api/me/time-entries/{id}/correction",
  id: "requestTimeCorrection",
  tag,
  summary: "Ask a manager to correct an own entry (a note, and the right start or end if known)",
  access: "self-service",
  params: idParamsSchema,
  body: correctionInputSchema,
  responses: [{ status: 201, description: "The open request", schema: correctionDtoSchema }],
  errors: [
    notLinked,
    { status: 404, description: "`not_found`: no entry of the caller's employee with this id" },
    badTimes,
    { status: 409, description: "`conflict`: a request of the entry is open already; the entry is approved or void" },
  ],
});

export const listTimeEntries = defineOperation({
  method: "GET",
  path: "/api/time-entries",
  id: "listTimeEntries",
  tag,
  summary: "Everyone's entries of a range of business days (at most 366 days), optionally of one employee or location",
  access: "time:manage",
  scope: "time:read",
  query: timeEntryQuerySchema,
  responses: [{ status: 200, description: "The entries, by start", schema: z.array(timeEntryListItemSchema) }],
});

export const createTimeEntry = defineOperation({
  method: "POST",
  path: "/api/time-entries",
  id: "createTimeEntry",
  tag,
  summary: 'Record an entry after the fact (source "manager"), with its breaks and a reason',
  access: "time:manage",
  scope: "time:write",
  body: timeEntryCreateSchema,
  responses: [{ status: 201, description: "The new entry", schema: timeEntryDtoSchema }],
  errors: [badTimes, closed, { status: 404, description: "`not_found`: unknown or archived employee" }],
});

export const updateTimeEntry = defineOperation({
  method: "PUT",
  path: "/api/time-entries/{id}",
  id: "updateTimeEntry",
  tag,
  summary: "Correct an entry: location, start, end, breaks and note anew, with a reason (a running one is ended)",
  access: "time:manage",
  scope: "time:write",
  params: idParamsSchema,
  body: timeEntryUpdateSchema,
  responses: [{ status: 200, description: "The corrected entry", schema: timeEntryDtoSchema }],
  errors: [badTimes, closed],
});

export const voidTimeEntry = defineOperation({
  method: "POST",
  path: "/api/time-entries/{id}/void",
  id: "voidTimeEntry",
  tag,
  summary: "Void an entry with a reason: it stays visible, struck through, and counts no more",
  access: "time:manage",
  scope: "time:write",
  params: idParamsSchema,
  body: reasonSchema,
  responses: [{ status: 200, description: "The void entry", schema: timeEntryDtoSchema }],
  errors: [{ status: 409, description: "`conflict`: already void, or approved" }],
});

export const listTimeEntryRevisions = defineOperation({
  method: "GET",
  path: "/api/time-entries/{id}/revisions",
  id: "listTimeEntryRevisions",
  tag,
  summary: "The changes of an entry after the fact, oldest first (managers, and the employee it concerns)",
  access: "self-service",
  scope: "time:read",
  planners: "time:manage",
  params: idParamsSchema,
  responses: [{ status: 200, description: "The revisions", schema: z.array(revisionDtoSchema) }],
  errors: [{ status: 403, description: "`forbidden`: another employee's entry" }],
});

export const listTimeCorrections = defineOperation({
  method: "GET",
  path: "/api/time-corrections",
  id: "listTimeCorrections",
  tag,
  summary: "Correction requests of one status (default open, oldest first; decided ones: the newest 200)",
  access: "time:manage",
  scope: "time:read",
  query: correctionQuerySchema,
  responses: [{ status: 200, description: "The requests", schema: z.array(correctionDtoSchema) }],
});

export const acceptTimeCorrection = defineOperation({
  method: "POST",
  path: "/api/time-corrections/{id}/accept",
  id: "acceptTimeCorrection",
  tag,
  summary: "Accept a correction request: its times become the entry's (a revision names the request)",
  access: "time:manage",
  scope: "time:write",
  params: idParamsSchema,
  body: acceptCorrectionSchema,
  responses: [
    { status: 200, description: "The accepted request with the corrected entry", schema: correctionDtoSchema },
  ],
  errors: [
    badTimes,
    {
      status: 409,
      description: "`conflict`: decided already; the entry is approved or void; overlap; a break outside",
    },
  ],
});

export const rejectTimeCorrection = defineOperation({
  method: "POST",
  path: "/api/time-corrections/{id}/reject",
  id: "rejectTimeCorrection",
  tag,
  summary: "Reject a correction request with a reason the employee reads",
  access: "time:manage",
  scope: "time:write",
  params: idParamsSchema,
  body: rejectCorrectionSchema,
  responses: [{ status: 200, description: "The rejected request", schema: correctionDtoSchema }],
  errors: [{ status: 409, description: "`conflict`: decided already" }],
});
