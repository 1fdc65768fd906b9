// GET /api/employees/[id]/availability/[date] – scheduled and remaining hours in the week of date (everyone)
import { json, route } from "@/lib/server/api/route";
import { employeeAvailability } from "@/lib/server/employees/employee-availability";
import * as api from "@/lib/shared/contract/employees";

export const GET = route(api.employeeAvailability, async ({ params }) =>
  json(await employeeAvailability(params.id, params.date)),
);
