import "server-only";
import type { Role } from "@/lib/shared/roles";

/** User JSON (SPEC §3): never a hash, never a secret. */
export type UserDto = {
  id: number;
  username: string;
  email: string | null;
  role: Role;
  two_factor_enabled: boolean;
  created_at: string;
};

export function toUserDto(user: { id: number; username: string; email: string | null; role: Role; twoFactorEnabled: boolean; createdAt: Date }): UserDto {
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
export const userDtoSelect = { id: true, username: true, email: true, role: true, twoFactorEnabled: true, createdAt: true } as const;
