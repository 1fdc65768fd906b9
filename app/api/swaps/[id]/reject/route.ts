// POST /api/swaps/[id]/reject – a planner rejects a running offer (docs/PRODUCT-RULES.md §35.4)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { rejectSwap } from "@/lib/server/swaps/write-swaps";
import * as api from "@/lib/shared/contract/swaps";

export const POST = route(api.rejectSwap, async ({ params, body, audit }) =>
  json(await rejectSwap({ id: params.id, input: body, audit })),
);

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
