// GET /api/vacations/balance/[id]?year=YYYY – { employee_id, year, total, used, remaining } (everyone)
import { json, route } from "@/lib/server/api/route";
import { vacationBalance } from "@/lib/server/vacations/vacation-balance";
import { idParamsSchema } from "@/lib/shared/schemas/fragments";
import { balanceQuerySchema } from "@/lib/shared/schemas/vacation";

export const GET = route({ access: "schedule:read", params: idParamsSchema, query: balanceQuerySchema }, async ({ params, query }) =>
  json(await vacationBalance(params.id, query.year)),
);
