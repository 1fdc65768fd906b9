// GET /api/locations – active locations (everyone); POST – create one (admin)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { findLocations } from "@/lib/server/locations/find-locations";
import { createLocation } from "@/lib/server/locations/write-locations";
import * as api from "@/lib/shared/contract/locations";

export const GET = route(api.listLocations, async () => json(await findLocations()));

export const POST = route(api.createLocation, async ({ body, audit }) =>
  json(await createLocation({ input: body, audit }), 201),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
