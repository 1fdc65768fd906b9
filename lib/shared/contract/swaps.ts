/**
 * Swapping and giving away shifts, the "Schichtbörse" (docs/PRODUCT-RULES.md §35): staff offer and accept with their
 * linked employee; planners approve or reject.
 */
import { idParamsSchema } from "@/lib/shared/schemas/fragments";
import { swapCreateSchema, swapDtoSchema, swapRejectSchema, swapsQuerySchema } from "@/lib/shared/schemas/swap";
import { z } from "zod";
import { defineOperation } from "./operation";

const tag = "Swaps";

const notLinked = { status: 403, description: "`forbidden`: the caller's user is linked to no employee" } as const;
const unknownOffer = {
  status: 404,
  description: "`not_found`: no such offer (or a swap asking someone else)",
} as const;

export const listSwaps = defineOperation({
  method: "GET",
  path: "/api/swaps",
  id: "listSwaps",
  tag,
  summary: "Offers to give away or swap shifts: the caller's side for staff, what waits for planners",
  description:
    "Staff (`view=mine`) see their own offers, those they accepted or were asked for (running, or ended in the " +
    "last 14 days) and the open offers they could take — never one at a location outside their Einsatzorte or one " +
    "the rules refuse (an overlap, a vacation or absence day) — with `can_accept` and the warnings they would get. " +
    "Planners see every running offer (`pending`) or also the ended ones (`all`), an accepted one with the findings " +
    "its approval would give.",
  access: "self-service",
  scope: "schedule:read",
  planners: "shifts:write",
  query: swapsQuerySchema,
  responses: [{ status: 200, description: "The offers", schema: z.array(swapDtoSchema) }],
  errors: [{ status: 403, description: "`forbidden`: `pending`/`all` asked by staff, `mine` without a link" }],
});

export const createSwap = defineOperation({
  method: "POST",
  path: "/api/swaps",
  id: "createSwap",
  tag,
  summary: "Offer one of the caller's own shifts: give it away (`give_away`) or swap it (`swap`)",
  description:
    "The shift is the caller's as published, not begun, with no unpublished change waiting and no offer running " +
    "for it. A swap names a colleague's shift (`target_shift_id`) that passes the same checks; both people must be " +
    "able to take the other's shift (Einsatzorte, no overlap, no vacation or absence day). The colleague asked, " +
    "or everyone who could take a shift given away, gets a message.",
  access: "self-service",
  body: swapCreateSchema,
  responses: [{ status: 201, description: "The offer", schema: swapDtoSchema }],
  errors: [
    notLinked,
    { status: 404, description: "`not_found`: unknown shift, or not yet published" },
    {
      status: 409,
      description:
        "`conflict`: not the caller's shift, begun, at an archived location, an unpublished change waiting, an " +
        "offer running for either shift, a swap against an open or one's own shift, the colleague cannot take it; " +
        "`shift_overlap` / `employee_on_vacation`: the caller could not take the colleague's shift",
    },
  ],
});

export const acceptSwap = defineOperation({
  method: "POST",
  path: "/api/swaps/{id}/accept",
  id: "acceptSwap",
  tag,
  summary: "Take an offer as the caller's linked employee; the first to accept wins",
  description:
    "Judged on the plan as it will be. Where a location of the offer asks for approval (`swap_needs_approval`) " +
    "the offer then waits for a planner; otherwise the plan changes at once, as an approval would.",
  access: "self-service",
  params: idParamsSchema,
  responses: [{ status: 200, description: "The offer, accepted (or approved)", schema: swapDtoSchema }],
  errors: [
    notLinked,
    unknownOffer,
    {
      status: 409,
      description:
        "`conflict`: accepted by someone else already, withdrawn, ended or begun, the caller's own offer, another " +
        "location than the caller's Einsatzorte; `shift_overlap` / `employee_on_vacation`: the rules refuse it",
    },
  ],
});

export const approveSwap = defineOperation({
  method: "POST",
  path: "/api/swaps/{id}/approve",
  id: "approveSwap",
  tag,
  summary: "Approve an accepted offer: the shifts change hands in one transaction, with a `change_id` to undo",
  description:
    "The rules are asked again at this moment. While publishing is on, the two shifts are published at once; the " +
    "rest of the draft stays a draft. Both people get a message.",
  access: "shifts:write",
  params: idParamsSchema,
  responses: [{ status: 200, description: "The offer, approved, with its `change_id`", schema: swapDtoSchema }],
  errors: [
    unknownOffer,
    {
      status: 409,
      description:
        "`conflict`: not accepted (yet), ended or begun, a shift changed meanwhile, a shift outside its new " +
        "person's Einsatzorte; `shift_overlap` / `employee_on_vacation`: the rules refuse it now",
    },
  ],
});

export const rejectSwap = defineOperation({
  method: "POST",
  path: "/api/swaps/{id}/reject",
  id: "rejectSwap",
  tag,
  summary: "Reject a running offer; the plan stays as it is",
  access: "shifts:write",
  params: idParamsSchema,
  body: swapRejectSchema,
  responses: [{ status: 200, description: "The offer, rejected", schema: swapDtoSchema }],
  errors: [unknownOffer, { status: 409, description: "`conflict`: approved, withdrawn, ended or begun already" }],
});

export const withdrawSwap = defineOperation({
  method: "POST",
  path: "/api/swaps/{id}/withdraw",
  id: "withdrawSwap",
  tag,
  summary: "Take back one's own offer while nobody has accepted it",
  access: "self-service",
  params: idParamsSchema,
  responses: [{ status: 200, description: "The offer, withdrawn", schema: swapDtoSchema }],
  errors: [
    notLinked,
    { status: 404, description: "`not_found`: no such offer of the caller's" },
    { status: 409, description: "`conflict`: accepted already (a planner may reject it), or ended" },
  ],
});
