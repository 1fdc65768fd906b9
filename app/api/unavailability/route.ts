// GET /api/unavailability?start_date&end_date&employee_id – entries touching the range; POST – record one
// (planners: anyone's; everyone else: only their linked employee's, docs/PRODUCT-RULES.md §26.4)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { assertActsFor, isPlanner, linkedEmployeeId } from "@/lib/server/self-service/acting-for";
import { findUnavailability } from "@/lib/server/unavailability/find-unavailability";
import { createUnavailability } from "@/lib/server/unavailability/write-unavailability";
import * as api from "@/lib/shared/contract/unavailability";

export const GET = route(api.listUnavailability, async ({ query, user }) => {
  // Staff who name nobody get their own; naming someone else is 403.
  const employeeId = isPlanner(user, "shifts:write")
    ? query.employee_id
    : (query.employee_id ?? linkedEmployeeId(user));
  if (employeeId !== undefined) assertActsFor(user, employeeId, "shifts:write");
  return json(await findUnavailability({ startDate: query.start_date, endDate: query.end_date, employeeId }));
});

export const POST = route(api.createUnavailability, async ({ body, audit }) =>
  json(await createUnavailability({ input: body, audit }), 201),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
