// POST /api/timesheets/approve – approve an employee's month (managers, admins; docs/PRODUCT-RULES.md §32.3)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { approveMonth } from "@/lib/server/time/approval";
import * as api from "@/lib/shared/contract/timesheets";

export const POST = route(api.approveTimesheetMonth, async ({ body, audit }) =>
  json(await approveMonth({ input: body, audit })),
);

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
