// POST /api/time-accounts/bookings – a payout or correction on a time account (managers, admins;
// docs/PRODUCT-RULES.md §34.3)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { businessToday } from "@/lib/server/clock";
import { createBooking } from "@/lib/server/time-accounts/write-bookings";
import * as api from "@/lib/shared/contract/payroll";

export const POST = route(api.createTimeAccountBooking, async ({ body, audit }) =>
  json(await createBooking({ input: body, audit, today: businessToday() }), 201),
);

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
