// GET /api/employees/[id]/availability/[date] – scheduled and remaining hours in the week of date (everyone)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { getAvailability } from "@/lib/server/employees/find-employees";
import { assertSeesPrivateDataOf, viewerOf } from "@/lib/server/privacy/viewer";
import * as api from "@/lib/shared/contract/employees";

// One person's hours: a linked user may read only their own (docs/PRODUCT-RULES.md §31.2).
export const GET = route(api.employeeAvailability, async ({ params, user }) => {
  const viewer = viewerOf(user);
  assertSeesPrivateDataOf(viewer, params.id);
  return json(await getAvailability({ id: params.id, date: params.date, staff: viewer.kind !== "planner" }));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
