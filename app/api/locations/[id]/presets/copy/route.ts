// POST /api/locations/[id]/presets/copy – copy a location's shift presets to other locations (admin)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { copyShiftPresets } from "@/lib/server/locations/write-presets";
import * as api from "@/lib/shared/contract/locations";

export const POST = route(api.copyShiftPresets, async ({ params, body, audit }) =>
  json(await copyShiftPresets({ locationId: params.id, input: body, audit }), 201),
);

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
