// GET /api/me/timesheet?month – the caller's own month, planned vs. worked per day (linked users,
// docs/PRODUCT-RULES.md §32.7)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { db } from "@/lib/server/db/client";
import { linkedEmployeeId } from "@/lib/server/self-service/acting-for";
import { findTimesheet } from "@/lib/server/time/timesheet";
import * as api from "@/lib/shared/contract/timesheets";
import { addDays, addMonths } from "@/lib/shared/dates";

export const GET = route(api.getMyTimesheet, async ({ user, query }) => {
  const startDate = `${query.month}-01`;
  const endDate = addDays(addMonths(startDate, 1), -1);
  return json(await findTimesheet(db, { startDate, endDate, employeeId: linkedEmployeeId(user) }));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
