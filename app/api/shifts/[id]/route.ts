// PUT /api/shifts/[id] – replace a shift; DELETE – remove it (manager, admin)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { deleteShift, updateShift } from "@/lib/server/shifts/write-shifts";
import * as api from "@/lib/shared/contract/shifts";

export const PUT = route(api.updateShift, async ({ params, body, audit }) =>
  json(await updateShift({ id: params.id, input: body, audit })),
);

export const DELETE = route(api.deleteShift, async ({ params, audit }) => {
  const { changeId } = await deleteShift({ id: params.id, audit });
  return json({ message: "Schicht gelöscht", change_id: changeId });
});

export const { GET, POST, PATCH, HEAD, OPTIONS } = otherMethods("PUT", "DELETE");
