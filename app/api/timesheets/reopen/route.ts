// POST /api/timesheets/reopen – reopen an approved month with a reason (managers, admins; docs/PRODUCT-RULES.md §32.3)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { reopenMonth } from "@/lib/server/time/approval";
import * as api from "@/lib/shared/contract/timesheets";

export const POST = route(api.reopenTimesheetMonth, async ({ body, audit }) =>
  json(await reopenMonth({ input: body, audit })),
);

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
