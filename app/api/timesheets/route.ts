// GET /api/timesheets?start_date&end_date&employee_id&location_id – planned vs. worked per employee and day
// (managers, admins; docs/PRODUCT-RULES.md §32.3)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { db } from "@/lib/server/db/client";
import { findTimesheet } from "@/lib/server/time/timesheet";
import * as api from "@/lib/shared/contract/timesheets";

export const GET = route(api.getTimesheet, async ({ query }) =>
  json(
    await findTimesheet(db, {
      startDate: query.start_date,
      endDate: query.end_date,
      employeeId: query.employee_id,
      locationId: query.location_id,
    }),
  ),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
