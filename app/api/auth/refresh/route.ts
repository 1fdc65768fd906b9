// POST /api/auth/refresh – rotate the refresh token: { accessToken, refreshToken }
// (public: the refresh token is the credential)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { rotateSession } from "@/lib/server/auth/sessions";
import * as api from "@/lib/shared/contract/auth";

export const POST = route(api.refresh, async ({ body }) =>
  json(await rotateSession({ refreshToken: body.refreshToken })),
);

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
