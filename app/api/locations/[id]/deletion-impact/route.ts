// GET /api/locations/[id]/deletion-impact – what archiving the location would delete now (admin)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { getLocationDeletionImpact } from "@/lib/server/locations/find-locations";
import * as api from "@/lib/shared/contract/locations";

export const GET = route(api.locationDeletionImpact, async ({ params }) =>
  json(await getLocationDeletionImpact({ id: params.id })),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
