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
