// GET /api/vacations?employee_id&start_date&end_date – vacations (everyone); POST – record one (manager, admin)
import { json, route } from "@/lib/server/api/route";
import { findVacations } from "@/lib/server/vacations/find-vacations";
import { createVacation } from "@/lib/server/vacations/write-vacations";
import { vacationInputSchema, vacationQuerySchema } from "@/lib/shared/schemas/vacation";

export const GET = route({ access: "schedule:read", query: vacationQuerySchema }, async ({ query }) =>
  json(await findVacations({ employeeId: query.employee_id, startDate: query.start_date, endDate: query.end_date })),
);

export const POST = route({ access: "vacations:write", body: vacationInputSchema }, async ({ body, user, ip }) =>
  json(await createVacation({ input: body, actor: user, ip }), 201),
);
