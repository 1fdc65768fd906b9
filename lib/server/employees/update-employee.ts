import "server-only";
import { recordAudit } from "@/lib/server/audit/record-audit";
import type { AuthUser } from "@/lib/server/auth/authenticate";
import { db } from "@/lib/server/db/client";
import type { EmployeeInput, EmployeeUpdate } from "@/lib/shared/schemas/employee";
import type { EmployeeDto } from "./employee-dto";
import { employeeNotFound, getEmployee } from "./find-employees";

export async function createEmployee({
  input,
  actor,
  ip,
}: {
  input: EmployeeInput;
  actor: AuthUser;
  ip: string;
}): Promise<EmployeeDto> {
  const id = await db.$transaction(async (tx) => {
    const created = await tx.employee.create({
      data: {
        firstName: input.first_name,
        lastName: input.last_name,
        weeklyHours: input.weekly_hours,
        vacationDaysTotal: input.vacation_days_total,
        isHourly: input.is_hourly,
      },
      select: { id: true },
    });
    await recordAudit({ actor, action: "employee.create", entityType: "employee", entityId: created.id, ip }, tx);
    return created.id;
  });
  return getEmployee(id);
}

/** PUT: the fields sent change, the others stay. */
export async function updateEmployee({
  id,
  input,
  actor,
  ip,
}: {
  id: number;
  input: EmployeeUpdate;
  actor: AuthUser;
  ip: string;
}): Promise<EmployeeDto> {
  await db.$transaction(async (tx) => {
    const { count } = await tx.employee.updateMany({
      where: { id, archivedAt: null },
      data: {
        ...(input.first_name !== undefined && { firstName: input.first_name }),
        ...(input.last_name !== undefined && { lastName: input.last_name }),
        ...(input.weekly_hours !== undefined && { weeklyHours: input.weekly_hours }),
        ...(input.vacation_days_total !== undefined && { vacationDaysTotal: input.vacation_days_total }),
        ...(input.is_hourly !== undefined && { isHourly: input.is_hourly }),
      },
    });
    if (count !== 1) throw employeeNotFound();
    await recordAudit(
      {
        actor,
        action: "employee.update",
        entityType: "employee",
        entityId: id,
        details: { changed: Object.keys(input) },
        ip,
      },
      tx,
    );
  });
  return getEmployee(id);
}
