import "server-only";
import { config } from "@/lib/server/config";
import { db } from "@/lib/server/db";
import { todayIn } from "@/lib/shared/dates";
import { toEmployeeDto, type EmployeeDto } from "./employee-dto";
import { vacationDaysUsed } from "./vacation-days-used";

/** Active (not archived) employees, sorted by last name, first name. */
export async function listEmployees(): Promise<EmployeeDto[]> {
  const year = Number(todayIn(config.timeZone).slice(0, 4));
  const [employees, used] = await Promise.all([
    db.employee.findMany({ where: { archivedAt: null }, orderBy: [{ lastName: "asc" }, { firstName: "asc" }, { id: "asc" }] }),
    vacationDaysUsed(year),
  ]);
  return employees.map((employee) => toEmployeeDto(employee, used.get(employee.id) ?? 0));
}
