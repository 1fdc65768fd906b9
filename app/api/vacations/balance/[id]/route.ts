// GET /api/vacations/balance/[id]?year=YYYY – { employee_id, year, total, used, remaining } (everyone)
import { z } from "zod";
import { json, route } from "@/lib/server/api/route";
import { vacationBalance } from "@/lib/server/vacations/vacation-balance";
import { idSchema } from "@/lib/shared/schemas/fragments";
import { balanceQuerySchema } from "@/lib/shared/schemas/vacation";

const params = z.object({ id: idSchema });

export const GET = route({ access: "schedule:read", params, query: balanceQuerySchema }, async ({ params, query }) =>
  json(await vacationBalance(params.id, query.year)),
);
