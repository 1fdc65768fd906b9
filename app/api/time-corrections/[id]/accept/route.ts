// POST /api/time-corrections/[id]/accept – apply a correction request to its entry (manager, admin;
// docs/PRODUCT-RULES.md §32.1)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { acceptCorrection } from "@/lib/server/time/write-corrections";
import * as api from "@/lib/shared/contract/time";

export const POST = route(api.acceptTimeCorrection, async ({ params, body, audit }) =>
  json(await acceptCorrection({ id: params.id, input: body, audit })),
);

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
