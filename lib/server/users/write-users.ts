import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import { recordAudit } from "@/lib/server/audit/record-audit";
import { hashPassword } from "@/lib/server/auth/password";
import { clearTwoFactor } from "@/lib/server/auth/two-factor-settings";
import { revokeUserSessions } from "@/lib/server/auth/sessions";
import { endCalendarLink } from "@/lib/server/calendar/write-calendar-feeds";
import { db, type Tx } from "@/lib/server/db/client";
import { advisoryLock, lockUser, shareEmployees } from "@/lib/server/db/locks";
import { transaction } from "@/lib/server/db/transaction";
import type { CreateOptions, RemoveOptions, UpdateOptions } from "@/lib/server/domain-options";
import { EMPLOYEE_NOT_FOUND, type CreateUserInput, type UpdateUserInput } from "@/lib/shared/schemas/user";
import { userNotFound } from "./find-users";
import { linkedEmployeeSelect, toUserDto, userDtoSelect, type UserDto } from "./user-dto";

const usernameTaken = () =>
  new ApiError("conflict", "Benutzername bereits vergeben", { fields: { username: "Benutzername bereits vergeben" } });

const employeeNotFound = () =>
  new ApiError("validation_failed", EMPLOYEE_NOT_FOUND, { fields: { employee_id: EMPLOYEE_NOT_FOUND } });

const employeeTaken = (employee: { firstName: string; lastName: string }, username: string) =>
  new ApiError(
    "conflict",
    `${employee.firstName} ${employee.lastName} ist bereits mit dem Benutzer ${username} verknüpft`,
  );

const isUniqueViolation = (error: unknown) => error instanceof Error && "code" in error && error.code === "P2002";

/**
 * The employee a user is to be linked to (docs/PRODUCT-RULES.md §26.1) must exist, be active and not be linked
 * to another user. The share lock on the employee's row keeps an archiving (which unlinks) from slipping in
 * between this check and the write; two links of one employee at once are settled by the unique index.
 */
async function assertLinkable(tx: Tx, employeeId: number, userId: number | null): Promise<void> {
  const employee = await shareEmployees(tx, [employeeId], { activeOnly: true });
  if (employee.size === 0) throw employeeNotFound();
  const holder = await tx.user.findFirst({
    where: { employeeId, ...(userId !== null && { id: { not: userId } }) },
    select: { username: true, employee: linkedEmployeeSelect },
  });
  if (holder?.employee) throw employeeTaken(holder.employee, holder.username);
}

/**
 * After a unique violation: the 409 naming whoever won the race for the employee, or null when nobody holds
 * it (then the violation was another index's). Asking the database beats parsing the driver's error.
 */
async function linkRaceLost(employeeId: number | null | undefined): Promise<ApiError | null> {
  if (typeof employeeId !== "number") return null;
  const holder = await db.user.findFirst({
    where: { employeeId },
    select: { username: true, employee: linkedEmployeeSelect },
  });
  return holder?.employee ? employeeTaken(holder.employee, holder.username) : null;
}

/** Usernames are unique regardless of case: "Anna" and "anna" are one person. */
export async function createUser({ input, audit }: CreateOptions<CreateUserInput>): Promise<UserDto> {
  const passwordHash = await hashPassword(input.password);
  const user = await transaction(async (tx) => {
    await advisoryLock(tx, { kind: "username", name: input.username });
    const existing = await tx.user.findFirst({
      where: { username: { equals: input.username, mode: "insensitive" } },
      select: { id: true },
    });
    if (existing) throw usernameTaken();
    if (input.employee_id !== null) await assertLinkable(tx, input.employee_id, null);
    const created = await tx.user.create({
      data: {
        username: input.username,
        email: input.email,
        role: input.role,
        employeeId: input.employee_id,
        passwordHash,
        // The owner passes a start password on; the user replaces it at the first login (PRODUCT-RULES §31.5).
        mustChangePassword: input.must_change_password,
      },
      select: userDtoSelect,
    });
    await recordAudit(tx, {
      ...audit,
      action: "user.create",
      entityType: "user",
      entityId: created.id,
      details: {
        username: created.username,
        role: created.role,
        employee_id: input.employee_id,
        must_change_password: input.must_change_password,
      },
    });
    return created;
  }).catch(async (error: unknown) => {
    // The unique indexes are the last word when two requests race.
    if (isUniqueViolation(error)) throw (await linkRaceLost(input.employee_id)) ?? usernameTaken();
    throw error;
  });
  return toUserDto(user);
}

export async function updateUser({ id, input, audit }: UpdateOptions<UpdateUserInput>): Promise<UserDto> {
  const { actor } = audit;
  if (id === actor.id && input.role !== undefined && input.role !== actor.role) {
    throw new ApiError("self_action", "Du kannst deine eigene Rolle nicht ändern!");
  }
  // The own 2FA is turned off with a code in the profile (docs/PRODUCT-RULES.md §29.1), never by the admin power.
  if (id === actor.id && input.reset_two_factor) {
    throw new ApiError("self_action", "Deine eigene 2FA schaltest du unter „Einstellungen & 2FA“ aus.");
  }
  const { reset_two_factor: resetTwoFactor, must_change_password: mustChange, ...fields } = input;
  // A password reset by the admin is replaced by the user at the next login, unless told otherwise or it is the
  // admin's own (docs/PRODUCT-RULES.md §31.5). Without a new password the flag stays as it is.
  const mustChangePassword = input.password ? (mustChange ?? id !== actor.id) : undefined;
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const linkTo = input.employee_id;
  const user = await transaction(async (tx) => {
    // Locked: the employee it leaves is the one whose calendar link ends below, so no other change of the link
    // may slip in between (docs/PRODUCT-RULES.md §30.3). Exclusive, the lock of the UPDATE below (FOR NO KEY
    // UPDATE, see lockUser).
    const existing = await lockUser(tx, id, "exclusive");
    if (!existing) throw userNotFound();
    if (resetTwoFactor && (await clearTwoFactor(tx, id))) {
      await recordAudit(tx, {
        ...audit,
        action: "user.reset_2fa",
        entityType: "user",
        entityId: id,
        details: { username: existing.username },
      });
    }
    if (linkTo !== undefined && linkTo !== null && linkTo !== existing.employeeId) {
      await assertLinkable(tx, linkTo, id);
    }
    const updated = await tx.user.update({
      where: { id },
      data: {
        // Removing the address also stops the mails it was for (docs/PRODUCT-RULES.md §33.5): the user would otherwise
        // see the box ticked beside an empty field, and no save of theirs would pass.
        ...(input.email !== undefined && {
          email: input.email,
          ...(input.email === null && { emailNotifications: false }),
        }),
        ...(input.role !== undefined && { role: input.role }),
        ...(linkTo !== undefined && { employeeId: linkTo }),
        ...(passwordHash && { passwordHash, mustChangePassword }),
      },
      select: userDtoSelect,
    });
    // A reset password ends the user's sessions: whoever had them must log in anew.
    if (passwordHash) await revokeUserSessions(tx, { userId: id });
    // The calendar link was this account's: it ends when the account leaves the employee (§30.3).
    const left = linkTo !== undefined && linkTo !== existing.employeeId ? existing.employeeId : null;
    const calendarLinkEnded = left !== null && (await endCalendarLink(tx, left));
    const changed = Object.keys(fields).filter((key) => fields[key as keyof typeof fields] !== undefined);
    // A 2FA reset alone has its own row above; "geändert ()" would say nothing.
    if (changed.length > 0 || !resetTwoFactor) {
      await recordAudit(tx, {
        ...audit,
        action: "user.update",
        entityType: "user",
        entityId: id,
        details: {
          changed,
          ...(linkTo !== undefined && { employee_id: { from: existing.employeeId, to: linkTo } }),
          ...(calendarLinkEnded && { calendar_link_ended: true }),
        },
      });
    }
    return updated;
  }).catch(async (error: unknown) => {
    // Only the employee link can violate a unique index here.
    if (isUniqueViolation(error)) throw (await linkRaceLost(linkTo)) ?? error;
    throw error;
  });
  return toUserDto(user);
}

/**
 * Deleting a user deletes their refresh tokens (cascade): their sessions end at once. Their employee, if
 * linked, is free for another account (docs/PRODUCT-RULES.md §26.1), without the calendar link (§30.3).
 */
export async function deleteUser({ id, audit }: RemoveOptions): Promise<void> {
  if (id === audit.actor.id) throw new ApiError("self_action", "Du kannst dich nicht selbst löschen!");
  await transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id }, select: { id: true, username: true } });
    if (!user) throw userNotFound();
    // The link the deleted row had (read as it is deleted, not before): its calendar link ends with the account.
    const { employeeId } = await tx.user.delete({ where: { id }, select: { employeeId: true } });
    const calendarLinkEnded = employeeId !== null && (await endCalendarLink(tx, employeeId));
    await recordAudit(tx, {
      ...audit,
      action: "user.delete",
      entityType: "user",
      entityId: id,
      details: { username: user.username, ...(calendarLinkEnded && { calendar_link_ended: true }) },
    });
  });
}
