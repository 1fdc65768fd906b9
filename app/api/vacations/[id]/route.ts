// PUT /api/vacations/[id] – replace a vacation (manager, admin); DELETE – remove it, returning its days (manager,
// admin), or withdraw the own linked employee's request while undecided (docs/PRODUCT-RULES.md §26.3)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { isPlanner, linkedEmployeeId } from "@/lib/server/self-service/acting-for";
import { deleteVacation, updateVacation, withdrawVacationRequest } from "@/lib/server/vacations/write-vacations";
import * as api from "@/lib/shared/contract/vacations";

export const PUT = route(api.updateVacation, async ({ params, body, audit }) =>
  json(await updateVacation({ id: params.id, input: body, audit })),
);

export const DELETE = route(api.deleteVacation, async ({ params, user, audit }) => {
  if (isPlanner(user, "vacations:write")) {
    await deleteVacation({ id: params.id, audit });
    return json({ message: "Ferien gelöscht" });
  }
  await withdrawVacationRequest({ id: params.id, employeeId: linkedEmployeeId(user), audit });
  return json({ message: "Ferienantrag zurückgezogen" });
});

export const { GET, POST, PATCH, HEAD, OPTIONS } = otherMethods("PUT", "DELETE");
