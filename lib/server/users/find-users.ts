import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import { db } from "@/lib/server/db/client";
import { compareNames } from "@/lib/shared/collation";
import { toUserDto, userDtoSelect, type UserDto } from "./user-dto";

/** Every user account, sorted by username. */
export async function findUsers(): Promise<UserDto[]> {
  const users = await db.user.findMany({ select: userDtoSelect, orderBy: { id: "asc" } });
  return users.sort((a, b) => compareNames(a.username, b.username) || a.id - b.id).map(toUserDto);
}

export const userNotFound = () => new ApiError("not_found", "Benutzer nicht gefunden");

/** What the session check tells the app besides the user (docs/PRODUCT-RULES.md §29.1, §33.1). */
export type SessionCounts = { recoveryCodesLeft: number; unreadNotifications: number };

/**
 * The user's unused 2FA recovery codes and unread messages (the bell), in one statement: `GET /api/auth/me` runs on
 * every page load and app start, so it stays one round trip.
 */
export async function findSessionCounts(userId: number): Promise<SessionCounts> {
  const [row] = await db.$queryRaw<{ codes: number; unread: number }[]>`
    SELECT (SELECT count(*) FROM two_factor_recovery_codes WHERE user_id = ${userId})::int AS codes,
           (SELECT count(*) FROM notifications WHERE user_id = ${userId} AND read_at IS NULL)::int AS unread`;
  return { recoveryCodesLeft: row.codes, unreadNotifications: row.unread };
}
