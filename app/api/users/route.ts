// GET /api/users – all user accounts; POST – create one (admin)
import { json, route } from "@/lib/server/api/route";
import { createUser, listUsers } from "@/lib/server/users/manage-users";
import { createUserSchema } from "@/lib/shared/schemas/user";

export const GET = route({ access: "users:manage" }, async () => json(await listUsers()));

export const POST = route({ access: "users:manage", body: createUserSchema }, async ({ body, user, ip }) =>
  json(await createUser({ input: body, actor: user, ip }), 201),
);
