// GET /api/auth/me – the signed-in user
import { json, route } from "@/lib/server/api/route";
import { toUserDto } from "@/lib/server/users/user-dto";
import * as api from "@/lib/shared/contract/auth";

export const GET = route(api.me, async ({ user }) => json(toUserDto(user)));
