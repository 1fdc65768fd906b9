// PUT /api/vacations/[id] – replace a vacation; DELETE – remove it, returning its days (manager, admin)
import { json, route } from "@/lib/server/api/route";
import { deleteVacation, updateVacation } from "@/lib/server/vacations/write-vacations";
import * as api from "@/lib/shared/contract/vacations";

export const PUT = route(api.updateVacation, async ({ params, body, audit }) =>
  json(await updateVacation({ id: params.id, input: body, audit })),
);

export const DELETE = route(api.deleteVacation, async ({ params, audit }) => {
  await deleteVacation({ id: params.id, audit });
  return json({ message: "Ferien gelöscht" });
});
