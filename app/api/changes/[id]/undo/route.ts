// POST /api/changes/[id]/undo – undo a plan write (manager, admin)
import { json, route } from "@/lib/server/api/route";
import { undoChange } from "@/lib/server/changes/write-changes";
import * as api from "@/lib/shared/contract/changes";

export const POST = route(api.undoChange, async ({ params, audit }) => {
  const undone = await undoChange({ id: params.id, audit });
  return json({ message: "Änderung rückgängig gemacht", change_id: undone.changeId, shifts: undone.shifts });
});
