// POST /api/swaps/[id]/accept – take an offer as the caller's linked employee (docs/PRODUCT-RULES.md §35.2)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { linkedEmployeeId } from "@/lib/server/self-service/acting-for";
import { acceptSwap } from "@/lib/server/swaps/write-swaps";
import * as api from "@/lib/shared/contract/swaps";

export const POST = route(api.acceptSwap, async ({ params, user, audit }) =>
  json(await acceptSwap({ id: params.id, employeeId: linkedEmployeeId(user), audit })),
);

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
