// PUT /api/unavailability/[id] – replace an entry; DELETE – remove it (planners: anyone's; everyone else: their own)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { deleteUnavailability, updateUnavailability } from "@/lib/server/unavailability/write-unavailability";
import * as api from "@/lib/shared/contract/unavailability";

export const PUT = route(api.updateUnavailability, async ({ params, body, audit }) =>
  json(await updateUnavailability({ id: params.id, input: body, audit })),
);

export const DELETE = route(api.deleteUnavailability, async ({ params, audit }) => {
  await deleteUnavailability({ id: params.id, audit });
  return json({ message: "Eintrag gelöscht" });
});

export const { GET, POST, PATCH, HEAD, OPTIONS } = otherMethods("PUT", "DELETE");
