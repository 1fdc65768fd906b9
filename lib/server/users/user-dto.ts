import "server-only";
import type { Role } from "@/lib/shared/roles";
import type { UserDto } from "@/lib/shared/api-types";

export type { UserDto };

/** The linked employee as the user JSON needs it (docs/PRODUCT-RULES.md §26.1). */
export type LinkedEmployee = { id: number; firstName: string; lastName: string };

/** The fields of a user row that the API's user JSON is made of (and that every request re-reads). */
export type UserRecord = {
  id: number;
  username: string;
  email: string | null;
  role: Role;
  twoFactorEnabled: boolean;
  /** docs/PRODUCT-RULES.md §31.5: a password of one's own is due before anything else. */
  mustChangePassword: boolean;
  createdAt: Date;
  employee: LinkedEmployee | null;
};

export function toUserDto(user: UserRecord): UserDto {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    role: user.role,
    two_factor_enabled: user.twoFactorEnabled,
    must_change_password: user.mustChangePassword,
    created_at: user.createdAt.toISOString(),
    employee_id: user.employee?.id ?? null,
    employee_name: user.employee ? `${user.employee.firstName} ${user.employee.lastName}` : null,
  };
}

/** The linked employee's columns; use as Prisma `select` of the `employee` relation. */
export const linkedEmployeeSelect = { select: { id: true, firstName: true, lastName: true } } as const;

/** The columns a UserDto needs; use as Prisma `select`. */
export const userDtoSelect = {
  id: true,
  username: true,
  email: true,
  role: true,
  twoFactorEnabled: true,
  mustChangePassword: true,
  createdAt: true,
  employee: linkedEmployeeSelect,
} as const;
