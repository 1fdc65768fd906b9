// PUT /api/locations/[id]/presets/[presetId] – change a shift preset; DELETE – delete it (admin)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { deleteShiftPreset, updateShiftPreset } from "@/lib/server/locations/write-presets";
import * as api from "@/lib/shared/contract/locations";

export const PUT = route(api.updateShiftPreset, async ({ params, body, audit }) =>
  json(await updateShiftPreset({ locationId: params.id, id: params.presetId, input: body, audit })),
);

export const DELETE = route(api.deleteShiftPreset, async ({ params, audit }) => {
  await deleteShiftPreset({ locationId: params.id, id: params.presetId, audit });
  return json({ message: "Schichtart gelöscht" });
});

export const { GET, POST, PATCH, HEAD, OPTIONS } = otherMethods("PUT", "DELETE");
