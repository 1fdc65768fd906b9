// GET /api/locations/[id] – one active location (everyone); PUT – change it; DELETE – archive it (admin)
import { json, route } from "@/lib/server/api/route";
import { archiveLocation, getLocation, updateLocation } from "@/lib/server/locations/manage-locations";
import { idParamsSchema } from "@/lib/shared/schemas/fragments";
import { locationUpdateSchema } from "@/lib/shared/schemas/location";

export const GET = route({ access: "schedule:read", params: idParamsSchema }, async ({ params }) => json(await getLocation(params.id)));

export const PUT = route({ access: "master-data:write", params: idParamsSchema, body: locationUpdateSchema }, async ({ params, body, user, ip }) =>
  json(await updateLocation({ id: params.id, input: body, actor: user, ip })),
);

export const DELETE = route({ access: "master-data:write", params: idParamsSchema }, async ({ params, user, ip }) => {
  await archiveLocation({ id: params.id, actor: user, ip });
  return json({ message: "Standort gelöscht" });
});
