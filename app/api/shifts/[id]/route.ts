// PUT /api/shifts/[id] – replace a shift; DELETE – remove it (manager, admin)
import { json, route } from "@/lib/server/api/route";
import { deleteShift, updateShift } from "@/lib/server/shifts/write-shifts";
import { idParamsSchema } from "@/lib/shared/schemas/fragments";
import { shiftInputSchema } from "@/lib/shared/schemas/shift";

export const PUT = route({ access: "shifts:write", params: idParamsSchema, body: shiftInputSchema }, async ({ params, body, user, ip }) =>
  json(await updateShift({ id: params.id, input: body, actor: user, ip })),
);

export const DELETE = route({ access: "shifts:write", params: idParamsSchema }, async ({ params, user, ip }) => {
  await deleteShift({ id: params.id, actor: user, ip });
  return json({ message: "Schicht gelöscht" });
});
