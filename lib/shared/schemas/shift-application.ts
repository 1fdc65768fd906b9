/** Open shifts and the applications for them, "Ich kann" (docs/PRODUCT-RULES.md §26.5). */
import { z } from "zod";
import { findingSchema } from "./finding";
import { id, timestamp } from "./response-fields";
import { shiftDtoSchema } from "./shift";

/** How far ahead open shifts are offered and taken: today and the next 27 days. */
export const OPEN_SHIFT_DAYS = 28;

/** POST /api/shifts/{id}/application: the caller's application, with the warnings taking the shift would have. */
export const shiftApplicationDtoSchema = z.strictObject({
  shift_id: id,
  employee_id: id,
  created_at: timestamp,
  warnings: z
    .array(findingSchema)
    .meta({ description: "The planning rules' warnings if the employee took the shift (errors are refused)" }),
});

/** GET /api/me/open-shifts: one open shift as the caller's employee would take it. */
export const openShiftDtoSchema = shiftDtoSchema.extend({
  applied: z.boolean().meta({ description: "The caller's employee has applied for it" }),
  findings: z.array(findingSchema).meta({
    description:
      "What the planning rules would say if the caller's employee took it; an `error` (overlap, vacation) " +
      "means an application is refused",
  }),
});

/** GET /api/schedule/week: who applied for which open shift of the range (planners only). */
export const weekApplicationSchema = z.strictObject({
  shift_id: id,
  employee_id: id,
  employee_name: z.string(),
  created_at: timestamp,
});
