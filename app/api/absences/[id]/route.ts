// PUT /api/absences/[id] – replace an absence; DELETE – remove it (manager, admin; docs/PRODUCT-RULES.md §32.2)
import { deleteAbsence, updateAbsence } from "@/lib/server/absences/write-absences";
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import * as api from "@/lib/shared/contract/absences";

export const PUT = route(api.updateAbsence, async ({ params, body, audit }) =>
  json(await updateAbsence({ id: params.id, input: body, audit })),
);

export const DELETE = route(api.deleteAbsence, async ({ params, audit }) => {
  await deleteAbsence({ id: params.id, audit });
  return json({ message: "Abwesenheit gelöscht" });
});

export const { GET, POST, PATCH, HEAD, OPTIONS } = otherMethods("PUT", "DELETE");
