// GET /api/users – all user accounts; POST – create one (admin)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { findUsers } from "@/lib/server/users/find-users";
import { createUser } from "@/lib/server/users/write-users";
import * as api from "@/lib/shared/contract/users";

export const GET = route(api.listUsers, async () => json(await findUsers()));

export const POST = route(api.createUser, async ({ body, audit }) =>
  json(await createUser({ input: body, audit }), 201),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
