// GET /api/auth/me – the signed-in user
import { json, route } from "@/lib/server/api/route";
import { toUserDto } from "@/lib/server/users/user-dto";

export const GET = route({ access: "profile:manage" }, async ({ user }) => json(toUserDto(user)));
