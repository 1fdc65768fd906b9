import type { z } from "zod";

/**
 * Whether these fields of the object being checked parsed without an issue: the first line of every check that
 * reads some of an object's fields (an end after its start, another week than the source).
 *
 * zod 4 runs an object's refinements even after a field's own refinement failed (such issues do not abort), and
 * hands them the field's raw input: `mondayOf("x")` threw, and bad input answered 500 (docs/PRODUCT-RULES.md §30.4).
 * Other fields' issues do not hold the check back, so a form still shows its messages together; an issue of the
 * object itself (not an object at all) does.
 *
 *     .superRefine((range, ctx) => {
 *       if (!fieldsParsed(ctx, "start_date", "end_date")) return;
 */
export function fieldsParsed(ctx: z.RefinementCtx, ...fields: string[]): boolean {
  return !ctx.issues.some((issue) => !issue.path?.length || fields.includes(String(issue.path[0])));
}
