/**
 * PINs and the terminal, "Stempeluhr" (docs/PRODUCT-RULES.md §32.4): the own PIN (self-service), terminals and
 * anyone's PIN for admins (`terminals:manage`), and the terminal's own operations (access "terminal": only with
 * `Authorization: Terminal <credential>`, which opens nothing else).
 */
import { z } from "zod";
import { idParamsSchema } from "@/lib/shared/schemas/fragments";
import {
  pinInputSchema,
  pinStatusSchema,
  terminalClockInputSchema,
  terminalClockResultSchema,
  terminalCreateSchema,
  terminalDtoSchema,
  terminalPairingSchema,
  terminalPairInputSchema,
  terminalPairResultSchema,
  terminalScreenSchema,
} from "@/lib/shared/schemas/terminal";
import { defineOperation } from "./operation";

const tag = "Terminals";
const badPin = {
  status: 400,
  description:
    "`validation_failed` with `fields.pin`: not 4–6 digits, or too easy (one digit repeated, a run like 1234 or 4321)",
} as const;

export const setMyPin = defineOperation({
  method: "PUT",
  path: "/api/me/pin",
  id: "setMyPin",
  tag: "Me",
  summary: "Set the caller's own terminal PIN (4–6 digits)",
  description: "Only its bcrypt hash is stored. A new PIN does not lift a running lockout at a terminal.",
  access: "self-service",
  body: pinInputSchema,
  responses: [{ status: 200, description: "The PIN is set", schema: pinStatusSchema }],
  errors: [{ status: 403, description: "`forbidden`: the caller's user is linked to no employee" }, badPin],
});

export const setEmployeePin = defineOperation({
  method: "PUT",
  path: "/api/employees/{id}/pin",
  id: "setEmployeePin",
  tag,
  summary: "Set an employee's terminal PIN (admins)",
  access: "terminals:manage",
  params: idParamsSchema,
  body: pinInputSchema,
  responses: [{ status: 200, description: "The PIN is set", schema: pinStatusSchema }],
  errors: [badPin],
});

export const removeEmployeePin = defineOperation({
  method: "DELETE",
  path: "/api/employees/{id}/pin",
  id: "removeEmployeePin",
  tag,
  summary: "Remove an employee's terminal PIN (admins); the terminal then stamps nothing for them",
  access: "terminals:manage",
  params: idParamsSchema,
  responses: [{ status: 204, description: "No PIN any more (also when there was none)" }],
});

export const listTerminals = defineOperation({
  method: "GET",
  path: "/api/terminals",
  id: "listTerminals",
  tag,
  summary: "Every terminal, revoked ones too, by location and name",
  access: "terminals:manage",
  responses: [{ status: 200, description: "The terminals (never a credential)", schema: z.array(terminalDtoSchema) }],
});

export const createTerminal = defineOperation({
  method: "POST",
  path: "/api/terminals",
  id: "createTerminal",
  tag,
  summary: "Register a terminal at a location, with a one-time pairing link",
  description:
    "The pairing link (`pairing_path`, after the app's origin) carries its token in the URL fragment, which no " +
    "browser sends to a server; it works once, within 24 hours.",
  access: "terminals:manage",
  body: terminalCreateSchema,
  responses: [{ status: 201, description: "The terminal and its pairing link", schema: terminalPairingSchema }],
  errors: [{ status: 400, description: "`validation_failed`: an unknown or archived location" }],
});

export const issueTerminalPairingLink = defineOperation({
  method: "POST",
  path: "/api/terminals/{id}/pairing-link",
  id: "issueTerminalPairingLink",
  tag,
  summary: "A new one-time pairing link for a terminal (replaces an open one)",
  description: "The browser that pairs with it replaces the one paired before, whose credential then answers 401.",
  access: "terminals:manage",
  params: idParamsSchema,
  responses: [{ status: 201, description: "The terminal and its new pairing link", schema: terminalPairingSchema }],
  errors: [{ status: 409, description: "`conflict`: the terminal is revoked" }],
});

export const revokeTerminal = defineOperation({
  method: "POST",
  path: "/api/terminals/{id}/revoke",
  id: "revokeTerminal",
  tag,
  summary: "Revoke a terminal for good: its credential and pairing link answer 401 from now on",
  access: "terminals:manage",
  params: idParamsSchema,
  responses: [{ status: 200, description: "The revoked terminal", schema: terminalDtoSchema }],
});

export const pairTerminal = defineOperation({
  method: "POST",
  path: "/api/terminal/pair",
  id: "pairTerminal",
  tag: "Terminal",
  summary: "Pair this browser as a terminal with the token of a pairing link; answers the credential once",
  access: "public",
  body: terminalPairInputSchema,
  responses: [{ status: 200, description: "The credential and the terminal", schema: terminalPairResultSchema }],
  errors: [
    {
      status: 400,
      description: "`validation_failed` with `fields.token`: the link is unknown, used, expired or revoked",
    },
  ],
});

export const getTerminalScreen = defineOperation({
  method: "GET",
  path: "/api/terminal",
  id: "getTerminalScreen",
  tag: "Terminal",
  summary: "The terminal's location and its staff as name tiles, today's planned people first",
  access: "terminal",
  responses: [{ status: 200, description: "The tiles", schema: terminalScreenSchema }],
});

export const terminalClock = defineOperation({
  method: "POST",
  path: "/api/terminal/clock",
  id: "terminalClock",
  tag: "Terminal",
  summary: "Stamp for an employee of the terminal's location with their PIN",
  description:
    "The same stamp as POST /api/me/clock at the terminal's location (source `terminal`). 5 wrong PINs in a row " +
    "lock that employee on this terminal for 15 minutes; 30 wrong PINs within 15 minutes pause the terminal for 15 " +
    "minutes.",
  access: "terminal",
  body: terminalClockInputSchema,
  responses: [{ status: 200, description: "The new state and the confirmation", schema: terminalClockResultSchema }],
  errors: [
    {
      status: 400,
      description: '`validation_failed` with `fields.pin`: a wrong PIN ("Falsche PIN. Noch 3 Versuche.")',
    },
    { status: 404, description: "`not_found`: not an employee this terminal stamps for" },
    {
      status: 409,
      description: "`conflict`: no PIN set for the employee, or the action does not fit the state (as /api/me/clock)",
    },
    { status: 429, description: "`rate_limited`: the employee is locked on this terminal, or the terminal is paused" },
  ],
});
