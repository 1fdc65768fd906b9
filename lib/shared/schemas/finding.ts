import { z } from "zod";
import { FINDING_CODES } from "@/lib/shared/rules/types";
import { changeIdSchema } from "./change";
import { id } from "./response-fields";
import { shiftDtoSchema } from "./shift";

/** One finding of the planning rules (docs/PRODUCT-RULES.md §24). */
export const findingSchema = z.strictObject({
  code: z.enum(FINDING_CODES),
  severity: z.enum(["error", "warning"]).meta({ description: "error: a write with it is refused (409)" }),
  message: z.string().meta({ description: "German, naming the person, the day and the other shift" }),
  shift_id: id.or(z.literal(0)).meta({ description: "0: the shift checked by POST /api/shifts/check, not saved" }),
  employee_id: id,
  related_shift_id: id.optional().meta({ description: "The other shift (overlap, rest_time)" }),
});

/** POST/PUT /shifts answer: the saved shift, the warnings it has (errors are refused, docs §25), its change. */
export const savedShiftSchema = shiftDtoSchema.extend({ warnings: z.array(findingSchema), change_id: changeIdSchema });
