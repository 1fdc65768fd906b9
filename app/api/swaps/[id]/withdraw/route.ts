// POST /api/swaps/[id]/withdraw – the one who offered takes it back while nobody accepted (docs/PRODUCT-RULES.md §35.2)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { linkedEmployeeId } from "@/lib/server/self-service/acting-for";
import { withdrawSwap } from "@/lib/server/swaps/write-swaps";
import * as api from "@/lib/shared/contract/swaps";

export const POST = route(api.withdrawSwap, async ({ params, user, audit }) =>
  json(await withdrawSwap({ id: params.id, employeeId: linkedEmployeeId(user), audit })),
);

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
