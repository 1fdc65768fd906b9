// GET /api/absences?start_date&end_date&employee_id – absences touching the range (planners: anyone's; staff: their
// own only, the type is health data); POST – record one (manager, admin) (docs/PRODUCT-RULES.md §32.2)
import { findAbsences } from "@/lib/server/absences/find-absences";
import { createAbsence } from "@/lib/server/absences/write-absences";
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { assertActsFor, isPlanner, linkedEmployeeId } from "@/lib/server/self-service/acting-for";
import * as api from "@/lib/shared/contract/absences";

export const GET = route(api.listAbsences, async ({ query, user }) => {
  // Staff who name nobody get their own; naming someone else is 403.
  const employeeId = isPlanner(user, "vacations:write")
    ? query.employee_id
    : (query.employee_id ?? linkedEmployeeId(user));
  if (employeeId !== undefined) assertActsFor(user, employeeId, "vacations:write");
  return json(await findAbsences({ startDate: query.start_date, endDate: query.end_date, employeeId }));
});

export const POST = route(api.createAbsence, async ({ body, audit }) =>
  json(await createAbsence({ input: body, audit }), 201),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
