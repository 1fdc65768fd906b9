// GET/POST /api/access-tokens – integrations' access tokens: list, create (admin, docs/PRODUCT-RULES.md §36)
import { listAccessTokens } from "@/lib/server/access-tokens/find-access-tokens";
import { createAccessToken } from "@/lib/server/access-tokens/write-access-tokens";
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import * as api from "@/lib/shared/contract/access-tokens";

export const GET = route(api.listAccessTokens, async () => json(await listAccessTokens()));

export const POST = route(api.createAccessToken, async ({ body, audit }) =>
  json(await createAccessToken({ input: body, audit }), 201),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
