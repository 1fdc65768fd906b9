import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import { recordAudit } from "@/lib/server/audit/record-audit";
import { hashPassword } from "@/lib/server/auth/password";
import { revokeUserSessions } from "@/lib/server/auth/sessions";
import { db } from "@/lib/server/db/client";
import type { CreateOptions, RemoveOptions, UpdateOptions } from "@/lib/server/domain-options";
import type { CreateUserInput, UpdateUserInput } from "@/lib/shared/schemas/user";
import { userNotFound } from "./find-users";
import { toUserDto, userDtoSelect, type UserDto } from "./user-dto";

const usernameTaken = () =>
  new ApiError("conflict", "Benutzername bereits vergeben", { fields: { username: "Benutzername bereits vergeben" } });

/** Usernames are unique regardless of case: "Anna" and "anna" are one person. */
export async function createUser({ input, audit }: CreateOptions<CreateUserInput>): Promise<UserDto> {
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
          ...audit,
          action: "user.create",
          entityType: "user",
          entityId: created.id,
          details: { username: created.username, role: created.role },
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

export async function updateUser({ id, input, audit }: UpdateOptions<UpdateUserInput>): Promise<UserDto> {
  const { actor } = audit;
  if (id === actor.id && input.role !== undefined && input.role !== actor.role) {
    throw new ApiError("self_action", "Du kannst deine eigene Rolle nicht ändern!");
  }
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const user = await db.$transaction(async (tx) => {
    const existing = await tx.user.findUnique({ where: { id }, select: { id: true } });
    if (!existing) throw userNotFound();
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
    if (passwordHash) await revokeUserSessions({ userId: id }, tx);
    await recordAudit(
      {
        ...audit,
        action: "user.update",
        entityType: "user",
        entityId: id,
        details: { changed: Object.keys(input).filter((key) => input[key as keyof UpdateUserInput] !== undefined) },
      },
      tx,
    );
    return updated;
  });
  return toUserDto(user);
}

/** Deleting a user deletes their refresh tokens (cascade): their sessions end at once. */
export async function deleteUser({ id, audit }: RemoveOptions): Promise<void> {
  if (id === audit.actor.id) throw new ApiError("self_action", "Du kannst dich nicht selbst löschen!");
  await db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id }, select: { id: true, username: true } });
    if (!user) throw userNotFound();
    await tx.user.delete({ where: { id } });
    await recordAudit(
      { ...audit, action: "user.delete", entityType: "user", entityId: id, details: { username: user.username } },
      tx,
    );
  });
}
