// POST /api/changes/[id]/undo – undo a plan write (manager, admin)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { undoChange } from "@/lib/server/changes/write-changes";
import * as api from "@/lib/shared/contract/changes";

export const POST = route(api.undoChange, async ({ params, audit }) => {
  const undone = await undoChange({ id: params.id, audit });
  return json({ message: "Änderung rückgängig gemacht", change_id: undone.changeId, shifts: undone.shifts });
});

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
