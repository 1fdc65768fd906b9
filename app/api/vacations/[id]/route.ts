// PUT /api/vacations/[id] – replace a vacation; DELETE – remove it, returning its days (manager, admin)
import { json, route } from "@/lib/server/api/route";
import { deleteVacation, updateVacation } from "@/lib/server/vacations/write-vacations";
import { idParamsSchema } from "@/lib/shared/schemas/fragments";
import { vacationInputSchema } from "@/lib/shared/schemas/vacation";

export const PUT = route({ access: "vacations:write", params: idParamsSchema, body: vacationInputSchema }, async ({ params, body, user, ip }) =>
  json(await updateVacation({ id: params.id, input: body, actor: user, ip })),
);

export const DELETE = route({ access: "vacations:write", params: idParamsSchema }, async ({ params, user, ip }) => {
  await deleteVacation({ id: params.id, actor: user, ip });
  return json({ message: "Ferien gelöscht" });
});
