// POST /api/me/sick – "Ich bin krank": the caller's linked employee is sick from today (docs/PRODUCT-RULES.md §32.2)
import { reportSick } from "@/lib/server/absences/write-absences";
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { linkedEmployeeId } from "@/lib/server/self-service/acting-for";
import * as api from "@/lib/shared/contract/absences";

export const POST = route(api.reportSick, async ({ body, user, audit }) =>
  json(await reportSick({ employeeId: linkedEmployeeId(user), input: body, audit }), 201),
);

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
