// POST /api/auth/login – username + password → session, or the 2FA step (public)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { login } from "@/lib/server/auth/login";
import * as api from "@/lib/shared/contract/auth";

export const POST = route(api.login, async ({ body, ip }) =>
  json(await login({ username: body.username, password: body.password, ip })),
);

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
