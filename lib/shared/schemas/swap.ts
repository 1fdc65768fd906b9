/** Swapping and giving away shifts, the "Schichtbörse" (docs/PRODUCT-RULES.md §35). */
import { z } from "zod";
import { changeIdSchema } from "./change";
import { findingSchema } from "./finding";
import { optionalTextSchema, refIdSchema } from "./fragments";
import { date, id, time, timestamp } from "./response-fields";

/** "Abgeben" (to anyone who may take it) or "Tauschen" (against a named colleague's shift). */
export const SWAP_KINDS = ["give_away", "swap"] as const;
export type SwapKind = (typeof SWAP_KINDS)[number];

export const SWAP_STATUSES = ["open", "accepted", "approved", "rejected", "withdrawn", "cancelled", "expired"] as const;
export type SwapStatus = (typeof SWAP_STATUSES)[number];

/** Offers still running: nobody has accepted yet, or accepted and waiting for a planner. */
export const LIVE_SWAP_STATUSES = ["open", "accepted"] as const satisfies readonly SwapStatus[];

/** Why a cancelled offer ended (docs/PRODUCT-RULES.md §35.5). */
export const SWAP_END_REASONS = ["shift_changed", "shift_deleted", "employee_archived", "location_archived"] as const;
export type SwapEndReason = (typeof SWAP_END_REASONS)[number];

const SHIFT_ID_MESSAGE = "Ungültige Schicht-ID";
const TARGET_MISSING = "Bitte wähle die Schicht, gegen die du tauschen möchtest";
const TARGET_NOT_WANTED = "Beim Abgeben gibt es keine Schicht im Tausch";

/** POST /api/swaps: offer one of one's own shifts. */
export const swapCreateSchema = z
  .object({
    shift_id: refIdSchema(SHIFT_ID_MESSAGE).meta({ description: "One of the caller's own published future shifts" }),
    kind: z.enum(SWAP_KINDS, { error: "Art muss give_away (Abgeben) oder swap (Tauschen) sein" }),
    target_shift_id: refIdSchema(SHIFT_ID_MESSAGE)
      .nullish()
      .transform((value) => value ?? null)
      .meta({ description: "With `swap`: the colleague's shift taken in return; absent or null with `give_away`" }),
    note: optionalTextSchema.meta({ description: "A word to the colleagues, at most 500 characters" }),
  })
  .check((ctx) => {
    const { kind, target_shift_id } = ctx.value;
    if (kind === "swap" && target_shift_id === null)
      ctx.issues.push({ code: "custom", message: TARGET_MISSING, path: ["target_shift_id"], input: target_shift_id });
    if (kind === "give_away" && target_shift_id !== null)
      ctx.issues.push({
        code: "custom",
        message: TARGET_NOT_WANTED,
        path: ["target_shift_id"],
        input: target_shift_id,
      });
  });
export type SwapCreateInput = z.infer<typeof swapCreateSchema>;

/** POST /api/swaps/{id}/reject. */
export const swapRejectSchema = z.object({
  reason: optionalTextSchema.meta({ description: "Told to both people, at most 500 characters" }),
});
export type SwapRejectInput = z.infer<typeof swapRejectSchema>;

/** GET /api/swaps. */
export const swapsQuerySchema = z.object({
  view: z
    .enum(["mine", "pending", "all"], { error: "Ansicht muss mine, pending oder all sein" })
    .optional()
    .meta({
      description:
        "`mine` (staff's default; needs a linked employee): the caller's own offers, those they accepted or were " +
        "asked for, and the open offers they could take. Planners only: `pending` (their default) the running " +
        "offers of shifts not yet begun, accepted ones first; `all` also those ended in the last 30 days.",
    }),
});
export type SwapsQuery = z.infer<typeof swapsQuerySchema>;

const personSchema = z.strictObject({ id, name: z.string() });

/** A shift of an offer: as it is now, or as it was offered once it is gone. */
export const swapShiftSchema = z.strictObject({
  id: id.nullable().meta({ description: "null: the shift has been deleted since" }),
  shift_date: date,
  start_time: time,
  end_time: time,
  break_minutes: z.number().int(),
  location_id: id,
  location_name: z.string(),
  custom_name: z.string().nullable(),
});

export const swapDtoSchema = z.strictObject({
  id,
  kind: z.enum(SWAP_KINDS),
  status: z.enum(SWAP_STATUSES),
  shift: swapShiftSchema.meta({ description: "The shift offered" }),
  offered_by: personSchema,
  target_shift: swapShiftSchema.nullable().meta({ description: "`swap`: the colleague's shift taken in return" }),
  target: personSchema.nullable().meta({ description: "`swap`: the colleague asked; only they may accept" }),
  accepted_by: personSchema.nullable(),
  accepted_at: timestamp.nullable(),
  note: z.string().nullable(),
  needs_approval: z.boolean().meta({ description: "A planner must approve (the location's `swap_needs_approval`)" }),
  starts_at: timestamp.meta({ description: "When the (first) shift begins: a running offer ends then" }),
  created_at: timestamp,
  decided_by: z.string().nullable().meta({ description: "Username of the planner who approved or rejected it" }),
  decided_at: timestamp.nullable(),
  reject_reason: z.string().nullable(),
  end_reason: z.enum(SWAP_END_REASONS).nullable().meta({ description: "Why a `cancelled` offer ended" }),
  change_id: changeIdSchema.nullable().meta({ description: "The approved plan change (planners only; undo)" }),
  can_accept: z.boolean().meta({ description: "The caller may accept it now (the Schichtbörse)" }),
  findings: z.array(findingSchema).meta({
    description:
      "Staff: the warnings taking it would give the caller. Planners, for an accepted offer: what the plan would " +
      "say after the approval, for both people.",
  }),
});
