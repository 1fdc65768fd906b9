// GET /api/locations – active locations (everyone); POST – create one (admin)
import { json, route } from "@/lib/server/api/route";
import { createLocation, listLocations } from "@/lib/server/locations/manage-locations";
import * as api from "@/lib/shared/contract/locations";

export const GET = route(api.listLocations, async () => json(await listLocations()));

export const POST = route(api.createLocation, async ({ body, user, ip }) =>
  json(await createLocation({ input: body, actor: user, ip }), 201),
);
