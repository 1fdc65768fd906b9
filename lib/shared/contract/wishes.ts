import { z } from "zod";
import { idParamsSchema } from "@/lib/shared/schemas/fragments";
import { messageSchema } from "@/lib/shared/schemas/common";
import { wishDtoSchema, wishInputSchema, wishQuerySchema } from "@/lib/shared/schemas/wish";
import { defineOperation } from "./operation";

const tag = "Wishes";

// docs/PRODUCT-RULES.md §35.8, as unavailability (§26.4): every role, but staff only with a linked employee and only
// for that employee; planners (shifts:write) act for anyone.
const forbidden = {
  status: 403,
  description:
    '`forbidden`: no linked employee ("Dein Benutzer ist mit keinem Mitarbeiter verknüpft"), or, without ' +
    '`shifts:write`, another employee\'s id or wish ("Keine Berechtigung")',
} as const;

export const listWishes = defineOperation({
  method: "GET",
  path: "/api/wishes",
  id: "listWishes",
  tag,
  summary: "Wishes: the standing ones and the days off in a date range; anyone's for planners, the caller's for staff",
  access: "self-service",
  scope: "employees:read",
  planners: "shifts:write",
  query: wishQuerySchema,
  responses: [
    {
      status: 200,
      description: "The wishes, standing ones first, then by date; staff get their own even without `employee_id`",
      schema: z.array(wishDtoSchema),
    },
  ],
  errors: [forbidden],
});

export const createWish = defineOperation({
  method: "POST",
  path: "/api/wishes",
  id: "createWish",
  tag,
  summary: "Record a wish: rather early or late shifts, or a day off",
  access: "self-service",
  planners: "shifts:write",
  body: wishInputSchema,
  responses: [{ status: 201, description: "The new wish", schema: wishDtoSchema }],
  errors: [
    { status: 400, description: "`validation_failed` with `fields.employee_id`: unknown or archived employee" },
    forbidden,
    {
      status: 409,
      description: "`conflict`: the person already has a standing wish (early or late), or a day off on that date",
    },
  ],
});

export const deleteWish = defineOperation({
  method: "DELETE",
  path: "/api/wishes/{id}",
  id: "deleteWish",
  tag,
  summary: "Remove a wish",
  access: "self-service",
  planners: "shifts:write",
  params: idParamsSchema,
  responses: [{ status: 200, description: "Removed", schema: messageSchema }],
  errors: [forbidden, { status: 404, description: "`not_found`: no such wish" }],
});
