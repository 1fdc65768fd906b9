// GET /api/employees/[id]/deletion-impact – what archiving the employee would do now (admin)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { getEmployeeDeletionImpact } from "@/lib/server/employees/find-employees";
import * as api from "@/lib/shared/contract/employees";

export const GET = route(api.employeeDeletionImpact, async ({ params }) =>
  json(await getEmployeeDeletionImpact({ id: params.id })),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
