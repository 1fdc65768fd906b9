// GET /api/wishes?start_date&end_date&employee_id – standing wishes and days off in the range; POST – record one
// (planners: anyone's; everyone else: only their linked employee's, docs/PRODUCT-RULES.md §35.8)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { assertActsFor, isPlanner, linkedEmployeeId } from "@/lib/server/self-service/acting-for";
import { findWishes } from "@/lib/server/wishes/find-wishes";
import { createWish } from "@/lib/server/wishes/write-wishes";
import * as api from "@/lib/shared/contract/wishes";

export const GET = route(api.listWishes, async ({ query, user }) => {
  // Staff who name nobody get their own; naming someone else is 403 (as /api/unavailability).
  const employeeId = isPlanner(user, "shifts:write")
    ? query.employee_id
    : (query.employee_id ?? linkedEmployeeId(user));
  if (employeeId !== undefined) assertActsFor(user, employeeId, "shifts:write");
  return json(await findWishes({ startDate: query.start_date, endDate: query.end_date, employeeId }));
});

export const POST = route(api.createWish, async ({ body, audit }) =>
  json(await createWish({ input: body, audit }), 201),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
