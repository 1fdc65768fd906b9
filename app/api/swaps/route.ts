// GET /api/swaps – the Schichtbörse (staff) or what waits for approval (planners); POST – offer one's own shift
// (docs/PRODUCT-RULES.md §35)
import { ApiError } from "@/lib/server/api/errors";
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { db } from "@/lib/server/db/client";
import { isPlanner, linkedEmployeeId } from "@/lib/server/self-service/acting-for";
import { findMySwaps, findPlannerSwaps } from "@/lib/server/swaps/find-swaps";
import { offerShift } from "@/lib/server/swaps/write-swaps";
import * as api from "@/lib/shared/contract/swaps";

export const GET = route(api.listSwaps, async ({ query, user }) => {
  const planner = isPlanner(user, "shifts:write");
  const view = query.view ?? (planner ? "pending" : "mine");
  if (view === "mine") return json(await findMySwaps(db, { employeeId: linkedEmployeeId(user) }));
  if (!planner) throw new ApiError("forbidden");
  return json(await findPlannerSwaps(db, { all: view === "all" }));
});

export const POST = route(api.createSwap, async ({ body, user, audit }) =>
  json(await offerShift({ employeeId: linkedEmployeeId(user), input: body, audit }), 201),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
