// GET /api/vacations/balance/[id]?year=YYYY – { employee_id, year, total, used, pending, remaining } (everyone)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { assertSeesPrivateDataOf, viewerOf } from "@/lib/server/privacy/viewer";
import { vacationBalance } from "@/lib/server/vacations/find-vacations";
import * as api from "@/lib/shared/contract/vacations";

// A balance is private: a linked user reads only their own (docs/PRODUCT-RULES.md §31.2).
export const GET = route(api.vacationBalance, async ({ params, query, user }) => {
  assertSeesPrivateDataOf(viewerOf(user), params.id);
  return json(await vacationBalance({ employeeId: params.id, year: query.year }));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
