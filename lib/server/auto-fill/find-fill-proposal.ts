import "server-only";
import { config } from "@/lib/server/config";
import type { AutoFillInput, AutoFillProposal } from "@/lib/shared/schemas/auto-fill";
import { findFillProblem } from "./find-fill-problem";
import { runFill } from "./run-fill";

/**
 * POST /api/schedule/auto-fill (docs/PRODUCT-RULES.md §28.2): a proposal for the open shifts of the range, solved
 * off the request thread within AUTO_FILL_TIME_LIMIT_SECONDS. Writes nothing; each assignment carries the shift's
 * `updated_at` as it was, which apply compares.
 */
export async function proposeAutoFill(input: AutoFillInput): Promise<AutoFillProposal> {
  const problem = await findFillProblem(input);
  const result = await runFill(problem, { timeLimitSeconds: config.autoFillTimeLimitSeconds });
  const updatedAt = new Map(problem.open.map((shift) => [shift.id, shift.updated_at]));
  return {
    ...result,
    assignments: result.assignments.map((assignment) => ({
      ...assignment,
      shift_updated_at: updatedAt.get(assignment.shift_id)!,
    })),
  };
}
