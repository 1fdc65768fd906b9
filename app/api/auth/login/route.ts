// POST /api/auth/login – username + password → session, or the 2FA step (public)
import { json, route } from "@/lib/server/api/route";
import { login } from "@/lib/server/auth/login";
import { loginSchema } from "@/lib/shared/schemas/auth";

export const POST = route({ access: "public", body: loginSchema }, async ({ body, ip }) =>
  json(await login({ username: body.username, password: body.password, ip })),
);
