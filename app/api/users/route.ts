// GET /api/users – all user accounts; POST – create one (admin)
import { json, route } from "@/lib/server/api/route";
import { createUser, listUsers } from "@/lib/server/users/manage-users";
import * as api from "@/lib/shared/contract/users";

export const GET = route(api.listUsers, async () => json(await listUsers()));

export const POST = route(api.createUser, async ({ body, user, ip }) =>
  json(await createUser({ input: body, actor: user, ip }), 201),
);
