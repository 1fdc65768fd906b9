// GET /api/me/time-account?year[&month] – the caller's own time account (linked users, docs/PRODUCT-RULES.md §34.3)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { businessToday } from "@/lib/server/clock";
import { config } from "@/lib/server/config";
import { db } from "@/lib/server/db/client";
import { linkedEmployeeId } from "@/lib/server/self-service/acting-for";
import { askedMonths, readTimeAccounts } from "@/lib/server/time-accounts/read-time-accounts";
import * as api from "@/lib/shared/contract/payroll";

export const GET = route(api.getMyTimeAccount, async ({ user, query }) => {
  const employeeId = linkedEmployeeId(user);
  const today = businessToday();
  const { from, to } = askedMonths(query, today);
  return json(
    await readTimeAccounts(db, {
      fromMonth: from,
      toMonth: to,
      employeeId,
      today,
      timeZone: config.timeZone,
      now: new Date(),
    }),
  );
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
