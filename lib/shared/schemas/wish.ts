import { z } from "zod";
import { WISH_KINDS } from "@/lib/shared/wishes";
import { dateSchema, idSchema, optionalTextSchema, refIdSchema } from "./fragments";
import { fieldsParsed } from "./parsed-fields";
import { date, id } from "./response-fields";
import { dateRangeQuerySchema } from "./shift";
import { EMPLOYEE_REQUIRED } from "./vacation";

export const WISH_KIND_MESSAGE = "Bitte wähle einen Wunsch: Frühschicht, Spätschicht oder Wunschfrei";
export const WISH_DATE_REQUIRED = "Bitte gib den Tag an, an dem du frei möchtest";

/**
 * POST /api/wishes (docs/PRODUCT-RULES.md §35.8): `prefer_early` / `prefer_late` stand without a date (a date sent
 * with them is dropped); `day_off` ("Wunschfrei") needs one. The migration `recurring_availability` holds the same.
 */
export const wishInputSchema = z
  .object({
    employee_id: refIdSchema(EMPLOYEE_REQUIRED),
    kind: z.enum(WISH_KINDS, { error: WISH_KIND_MESSAGE }),
    date: dateSchema("Bitte gib ein gültiges Datum ein").nullish(),
    note: optionalTextSchema,
  })
  .superRefine((wish, ctx) => {
    if (!fieldsParsed(ctx, "kind", "date")) return;
    if (wish.kind === "day_off" && wish.date == null)
      ctx.addIssue({ code: "custom", path: ["date"], message: WISH_DATE_REQUIRED });
  })
  .transform((wish) => ({ ...wish, date: wish.kind === "day_off" ? (wish.date ?? null) : null }));
export type WishInput = z.infer<typeof wishInputSchema>;

/** GET /api/wishes: the standing wishes and the days off dated in the range; staff may leave out employee_id. */
export const wishQuerySchema = dateRangeQuerySchema.and(z.object({ employee_id: idSchema.optional() }));
export type WishQuery = z.infer<typeof wishQuerySchema>;

export const wishDtoSchema = z.strictObject({
  id,
  employee_id: id,
  kind: z.enum(WISH_KINDS).meta({
    description: "prefer_early: shifts starting before 12:00; prefer_late: from 12:00; day_off: no shift on `date`",
  }),
  date: date.nullable().meta({ description: "The day of a day_off wish; null for the standing kinds" }),
  note: z.string().nullable(),
});
