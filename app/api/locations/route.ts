// GET /api/locations – active locations (everyone); POST – create one (admin)
import { json, route } from "@/lib/server/api/route";
import { createLocation, listLocations } from "@/lib/server/locations/manage-locations";
import { locationInputSchema } from "@/lib/shared/schemas/location";

export const GET = route({ access: "schedule:read" }, async () => json(await listLocations()));

export const POST = route({ access: "master-data:write", body: locationInputSchema }, async ({ body, user, ip }) =>
  json(await createLocation({ input: body, actor: user, ip }), 201),
);
