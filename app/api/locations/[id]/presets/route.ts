// GET /api/locations/[id]/presets – a location's shift presets (everyone); POST – add one (admin)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { findShiftPresets } from "@/lib/server/locations/find-presets";
import { createShiftPreset } from "@/lib/server/locations/write-presets";
import * as api from "@/lib/shared/contract/locations";

export const GET = route(api.listShiftPresets, async ({ params }) =>
  json(await findShiftPresets({ locationId: params.id })),
);

export const POST = route(api.createShiftPreset, async ({ params, body, audit }) =>
  json(await createShiftPreset({ locationId: params.id, input: body, audit }), 201),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
