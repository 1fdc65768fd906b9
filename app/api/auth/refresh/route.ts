// POST /api/auth/refresh – rotate the refresh token: { accessToken, refreshToken }
// (public: the refresh token is the credential)
import { json, route } from "@/lib/server/api/route";
import { rotateSession } from "@/lib/server/auth/sessions";
import * as api from "@/lib/shared/contract/auth";

export const POST = route(api.refresh, async ({ body }) =>
  json(await rotateSession({ refreshToken: body.refreshToken })),
);
