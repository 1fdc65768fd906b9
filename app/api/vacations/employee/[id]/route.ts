// GET /api/vacations/employee/[id] – one active employee's vacations (everyone; staff see others' approved only)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { getEmployee } from "@/lib/server/employees/find-employees";
import { findVacations, vacationReaderOf } from "@/lib/server/vacations/find-vacations";
import * as api from "@/lib/shared/contract/vacations";

export const GET = route(api.employeeVacations, async ({ params, user }) => {
  await getEmployee({ id: params.id }); // 404 for unknown and archived employees
  return json(await findVacations({ employeeId: params.id, reader: vacationReaderOf(user) }));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
