// POST /api/swaps/[id]/approve – a planner approves an accepted offer; the plan changes (docs/PRODUCT-RULES.md §35.4)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { approveSwap } from "@/lib/server/swaps/write-swaps";
import * as api from "@/lib/shared/contract/swaps";

export const POST = route(api.approveSwap, async ({ params, audit }) =>
  json(await approveSwap({ id: params.id, audit })),
);

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
