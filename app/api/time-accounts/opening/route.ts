// PUT /api/time-accounts/opening – where an employee's time account starts, with what balance (managers, admins;
// docs/PRODUCT-RULES.md §34.3)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { businessToday } from "@/lib/server/clock";
import { setOpening } from "@/lib/server/time-accounts/write-bookings";
import * as api from "@/lib/shared/contract/payroll";

export const PUT = route(api.setTimeAccountOpening, async ({ body, audit }) =>
  json(await setOpening({ input: body, audit, today: businessToday() })),
);

export const { GET, POST, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("PUT");
