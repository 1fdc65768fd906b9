import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import { recordAudit } from "@/lib/server/audit/record-audit";
import type { AuthUser } from "@/lib/server/auth/authenticate";
import { hashPassword } from "@/lib/server/auth/password";
import { revokeUserSessions } from "@/lib/server/auth/sessions";
import { db } from "@/lib/server/db/client";
import { compareNames } from "@/lib/shared/collation";
import type { CreateUserInput, UpdateUserInput } from "@/lib/shared/schemas/user";
import { toUserDto, userDtoSelect, type UserDto } from "./user-dto";

const usernameTaken = () =>
  new ApiError("conflict", "Benutzername bereits vergeben", { fields: { username: "Benutzername bereits vergeben" } });

export async function listUsers(): Promise<UserDto[]> {
  const users = await db.user.findMany({ select: userDtoSelect, orderBy: { id: "asc" } });
  return users.sort((a, b) => compareNames(a.username, b.username) || a.id - b.id).map(toUserDto);
}

/** Usernames are unique regardless of case: "Anna" and "anna" are one person. */
export async function createUser({
  input,
  actor,
  ip,
}: {
  input: CreateUserInput;
  actor: AuthUser;
  ip: string;
}): Promise<UserDto> {
  const passwordHash = await hashPassword(input.password);
  const user = await db
    .$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`username:${input.username.toLowerCase()}`}))`;
      const existing = await tx.user.findFirst({
        where: { username: { equals: input.username, mode: "insensitive" } },
        select: { id: true },
      });
      if (existing) throw usernameTaken();
      const created = await tx.user.create({
        data: { username: input.username, email: input.email, role: input.role, passwordHash },
        select: userDtoSelect,
      });
      await recordAudit(
        {
          actor,
          action: "user.create",
          entityType: "user",
          entityId: created.id,
          details: { username: created.username, role: created.role },
          ip,
        },
        tx,
      );
      return created;
    })
    .catch((error: unknown) => {
      // The unique index is the last word when two requests race.
      if (error instanceof Error && "code" in error && error.code === "P2002") throw usernameTaken();
      throw error;
    });
  return toUserDto(user);
}

export async function updateUser({
  id,
  input,
  actor,
  ip,
}: {
  id: number;
  input: UpdateUserInput;
  actor: AuthUser;
  ip: string;
}): Promise<UserDto> {
  if (id === actor.id && input.role !== undefined && input.role !== actor.role) {
    throw new ApiError("self_action", "Du kannst deine eigene Rolle nicht ändern!");
  }
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const user = await db.$transaction(async (tx) => {
    const existing = await tx.user.findUnique({ where: { id }, select: { id: true } });
    if (!existing) throw new ApiError("not_found", "Benutzer nicht gefunden");
    const updated = await tx.user.update({
      where: { id },
      data: {
        ...(input.email !== undefined && { email: input.email }),
        ...(input.role !== undefined && { role: input.role }),
        ...(passwordHash && { passwordHash }),
      },
      select: userDtoSelect,
    });
    // A reset password ends the user's sessions: whoever had them must log in anew.
    if (passwordHash) await revokeUserSessions(id, {}, tx);
    await recordAudit(
      {
        actor,
        action: "user.update",
        entityType: "user",
        entityId: id,
        details: { changed: Object.keys(input).filter((key) => input[key as keyof UpdateUserInput] !== undefined) },
        ip,
      },
      tx,
    );
    return updated;
  });
  return toUserDto(user);
}

/** Deleting a user deletes their refresh tokens (cascade): their sessions end at once. */
export async function deleteUser({ id, actor, ip }: { id: number; actor: AuthUser; ip: string }): Promise<void> {
  if (id === actor.id) throw new ApiError("self_action", "Du kannst dich nicht selbst löschen!");
  await db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id }, select: { id: true, username: true } });
    if (!user) throw new ApiError("not_found", "Benutzer nicht gefunden");
    await tx.user.delete({ where: { id } });
    await recordAudit(
      { actor, action: "user.delete", entityType: "user", entityId: id, details: { username: user.username }, ip },
      tx,
    );
  });
}
