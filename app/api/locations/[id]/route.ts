// GET /api/locations/[id] – one active location (everyone); PUT – change it; DELETE – archive it (admin)
import { json, route } from "@/lib/server/api/route";
import { getLocation } from "@/lib/server/locations/find-locations";
import { archiveLocation, updateLocation } from "@/lib/server/locations/write-locations";
import * as api from "@/lib/shared/contract/locations";

export const GET = route(api.getLocation, async ({ params }) => json(await getLocation({ id: params.id })));

export const PUT = route(api.updateLocation, async ({ params, body, user, ip }) =>
  json(await updateLocation({ id: params.id, input: body, audit: { actor: user, ip } })),
);

export const DELETE = route(api.archiveLocation, async ({ params, user, ip }) => {
  await archiveLocation({ id: params.id, audit: { actor: user, ip } });
  return json({ message: "Standort gelöscht" });
});
