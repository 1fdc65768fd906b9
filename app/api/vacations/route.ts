// GET /api/vacations?employee_id&status&start_date&end_date – vacations (everyone; staff see others' approved only);
// POST – record one (manager, admin) or request one for the own linked employee (docs/PRODUCT-RULES.md §26.3)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { assertActsFor, isPlanner } from "@/lib/server/self-service/acting-for";
import { findVacations, vacationReaderOf } from "@/lib/server/vacations/find-vacations";
import { createVacation } from "@/lib/server/vacations/write-vacations";
import * as api from "@/lib/shared/contract/vacations";

export const GET = route(api.listVacations, async ({ query, user }) =>
  json(
    await findVacations({
      employeeId: query.employee_id,
      status: query.status,
      startDate: query.start_date,
      endDate: query.end_date,
      reader: vacationReaderOf(user),
    }),
  ),
);

export const POST = route(api.createVacation, async ({ body, user, audit }) => {
  assertActsFor(user, body.employee_id, "vacations:write");
  const status = isPlanner(user, "vacations:write") ? "approved" : "requested";
  return json(await createVacation({ input: body, audit, status }), 201);
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
