// POST /api/shifts/[id]/application – apply for an open shift ("Ich kann"); DELETE – withdraw (self-service)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, noContent, route } from "@/lib/server/api/route";
import { applyForShift, withdrawApplication } from "@/lib/server/applications/write-applications";
import { linkedEmployeeId } from "@/lib/server/self-service/acting-for";
import * as api from "@/lib/shared/contract/shifts";

export const POST = route(api.applyForShift, async ({ params, user, audit }) =>
  json(await applyForShift({ shiftId: params.id, employeeId: linkedEmployeeId(user), audit }), 201),
);

export const DELETE = route(api.withdrawShiftApplication, async ({ params, user, audit }) => {
  await withdrawApplication({ shiftId: params.id, employeeId: linkedEmployeeId(user), audit });
  return noContent();
});

export const { GET, PUT, PATCH, HEAD, OPTIONS } = otherMethods("POST", "DELETE");
