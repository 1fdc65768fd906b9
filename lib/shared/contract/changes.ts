/** Undo of plan writes (docs/PRODUCT-RULES.md §27.7). */
import { changeParamsSchema, undoneChangeSchema } from "@/lib/shared/schemas/change";
import { defineOperation } from "./operation";

export const undoChange = defineOperation({
  method: "POST",
  path: "/api/changes/{id}/undo",
  id: "undoChange",
  tag: "Changes",
  summary: "Undo a plan write",
  description:
    "Every plan write (POST/PUT/DELETE `/api/shifts`, `/api/shifts/copy-week`, template import) answers a " +
    "`change_id`. Undo puts back the state of every shift it touched, in one transaction, as long as none of them " +
    "changed since (nor got an application). Any manager or admin may undo any change. The undo is a change " +
    "itself: undoing its `change_id` restores what was undone.",
  access: "shifts:write",
  scope: "schedule:write",
  params: changeParamsSchema,
  responses: [{ status: 200, description: "Undone", schema: undoneChangeSchema }],
  errors: [
    { status: 404, description: "`not_found`: no such change" },
    {
      status: 409,
      description:
        "`change_conflict` with `shift_ids`: a touched shift changed since (or its employee or location was " +
        "archived); `change_undone`: undone already; `shift_overlap` / `employee_on_vacation`: a shift put back " +
        "would break that rule now. Nothing is written.",
    },
  ],
});
