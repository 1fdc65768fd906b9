// GET /api/vacations/balance/[id]?year=YYYY – { employee_id, year, total, used, pending, remaining } (everyone)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { vacationBalance } from "@/lib/server/vacations/find-vacations";
import * as api from "@/lib/shared/contract/vacations";

export const GET = route(api.vacationBalance, async ({ params, query }) =>
  json(await vacationBalance({ employeeId: params.id, year: query.year })),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
