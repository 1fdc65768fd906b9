// GET /api/time-accounts?year[&month][&employee_id] – time accounts per employee and month (managers, admins;
// docs/PRODUCT-RULES.md §34.3)
import { ApiError } from "@/lib/server/api/errors";
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { businessToday } from "@/lib/server/clock";
import { config } from "@/lib/server/config";
import { db } from "@/lib/server/db/client";
import { askedMonths, readTimeAccounts } from "@/lib/server/time-accounts/read-time-accounts";
import * as api from "@/lib/shared/contract/payroll";

export const GET = route(api.getTimeAccounts, async ({ query }) => {
  const today = businessToday();
  const { from, to } = askedMonths(query, today);
  const answer = await readTimeAccounts(db, {
    fromMonth: from,
    toMonth: to,
    employeeId: query.employee_id,
    today,
    timeZone: config.timeZone,
    now: new Date(),
  });
  if (query.employee_id !== undefined && answer.accounts.length === 0)
    throw new ApiError("not_found", "Mitarbeiter nicht gefunden");
  return json(answer);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
