// PUT /api/shifts/[id] – replace a shift; DELETE – remove it (manager, admin)
import { z } from "zod";
import { json, route } from "@/lib/server/api/route";
import { deleteShift, updateShift } from "@/lib/server/shifts/write-shifts";
import { idSchema } from "@/lib/shared/schemas/fragments";
import { shiftInputSchema } from "@/lib/shared/schemas/shift";

const params = z.object({ id: idSchema });

export const PUT = route({ access: "shifts:write", params, body: shiftInputSchema }, async ({ params, body, user, ip }) =>
  json(await updateShift({ id: params.id, input: body, actor: user, ip })),
);

export const DELETE = route({ access: "shifts:write", params }, async ({ params, user, ip }) => {
  await deleteShift({ id: params.id, actor: user, ip });
  return json({ message: "Schicht gelöscht" });
});
