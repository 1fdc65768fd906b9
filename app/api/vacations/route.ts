// GET /api/vacations?employee_id&start_date&end_date – vacations (everyone); POST – record one (manager, admin)
import { json, route } from "@/lib/server/api/route";
import { findVacations } from "@/lib/server/vacations/find-vacations";
import { createVacation } from "@/lib/server/vacations/write-vacations";
import * as api from "@/lib/shared/contract/vacations";

export const GET = route(api.listVacations, async ({ query }) =>
  json(await findVacations({ employeeId: query.employee_id, startDate: query.start_date, endDate: query.end_date })),
);

export const POST = route(api.createVacation, async ({ body, audit }) =>
  json(await createVacation({ input: body, audit }), 201),
);
