// POST /api/time-corrections/[id]/reject – reject a correction request with a reason (manager, admin;
// docs/PRODUCT-RULES.md §32.1)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { rejectCorrection } from "@/lib/server/time/write-corrections";
import * as api from "@/lib/shared/contract/time";

export const POST = route(api.rejectTimeCorrection, async ({ params, body, audit }) =>
  json(await rejectCorrection({ id: params.id, input: body, audit })),
);

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
