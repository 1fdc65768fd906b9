// GET /api/vacations/balance/[id]?year=YYYY – { employee_id, year, total, used, remaining } (everyone)
import { json, route } from "@/lib/server/api/route";
import { getVacationBalance } from "@/lib/server/vacations/find-vacations";
import * as api from "@/lib/shared/contract/vacations";

export const GET = route(api.vacationBalance, async ({ params, query }) =>
  json(await getVacationBalance({ employeeId: params.id, year: query.year })),
);
