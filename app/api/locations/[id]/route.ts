// GET /api/locations/[id] – one active location (everyone); PUT – change it; DELETE – archive it (admin)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { getLocation } from "@/lib/server/locations/find-locations";
import { archiveLocation, updateLocation } from "@/lib/server/locations/write-locations";
import * as api from "@/lib/shared/contract/locations";

export const GET = route(api.getLocation, async ({ params }) => json(await getLocation({ id: params.id })));

export const PUT = route(api.updateLocation, async ({ params, body, audit }) =>
  json(await updateLocation({ id: params.id, input: body, audit })),
);

export const DELETE = route(api.archiveLocation, async ({ params, audit }) => {
  await archiveLocation({ id: params.id, audit });
  return json({ message: "Standort gelöscht" });
});

export const { POST, PATCH, OPTIONS } = otherMethods("GET", "PUT", "DELETE");
