import "server-only";
import type { Role } from "@/lib/shared/roles";
import type { UserDto } from "@/lib/shared/api-types";

export type { UserDto };

/** The fields of a user row that the API's user JSON is made of (and that every request re-reads). */
export type UserRecord = {
  id: number;
  username: string;
  email: string | null;
  role: Role;
  twoFactorEnabled: boolean;
  createdAt: Date;
};

export function toUserDto(user: UserRecord): UserDto {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    role: user.role,
    two_factor_enabled: user.twoFactorEnabled,
    created_at: user.createdAt.toISOString(),
  };
}

/** The columns a UserDto needs; use as Prisma `select`. */
export const userDtoSelect = {
  id: true,
  username: true,
  email: true,
  role: true,
  twoFactorEnabled: true,
  createdAt: true,
} as const;
