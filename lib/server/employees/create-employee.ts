import "server-only";
import { recordAudit } from "@/lib/server/audit/record-audit";
import type { AuthUser } from "@/lib/server/auth/authenticate";
import { db } from "@/lib/server/db";
import type { EmployeeInput } from "@/lib/shared/schemas/employee";
import { toEmployeeDto, type EmployeeDto } from "./employee-dto";

export type CreateEmployeeOptions = { input: EmployeeInput; actor: AuthUser; ip: string };

export async function createEmployee({ input, actor, ip }: CreateEmployeeOptions): Promise<EmployeeDto> {
  const employee = await db.$transaction(async (tx) => {
    const created = await tx.employee.create({
      data: {
        firstName: input.first_name,
        lastName: input.last_name,
        weeklyHours: input.weekly_hours,
        vacationDaysTotal: input.vacation_days_total,
        isHourly: input.is_hourly,
      },
    });
    await recordAudit({ actor, action: "employee.create", entityType: "employee", entityId: created.id, ip }, tx);
    return created;
  });
  return toEmployeeDto(employee, 0);
}
