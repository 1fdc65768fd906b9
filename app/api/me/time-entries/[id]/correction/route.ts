// POST /api/me/time-entries/[id]/correction – ask for a correction of an own entry (linked users,
// docs/PRODUCT-RULES.md §32.1)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { linkedEmployeeId } from "@/lib/server/self-service/acting-for";
import { requestCorrection } from "@/lib/server/time/write-corrections";
import * as api from "@/lib/shared/contract/time";

export const POST = route(api.requestTimeCorrection, async ({ user, params, body, audit }) =>
  json(await requestCorrection({ entryId: params.id, employeeId: linkedEmployeeId(user), input: body, audit }), 201),
);

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
