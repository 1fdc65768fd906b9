/**
 * Access tokens of integrations (docs/PRODUCT-RULES.md §36): admins create, list and revoke them. No access token
 * opens these operations (they have no `scope`).
 */
import { z } from "zod";
import {
  accessTokenCreatedSchema,
  accessTokenCreateSchema,
  accessTokenDtoSchema,
} from "@/lib/shared/schemas/access-token";
import { idParamsSchema } from "@/lib/shared/schemas/fragments";
import { defineOperation } from "./operation";

const tag = "Integrations";

export const listAccessTokens = defineOperation({
  method: "GET",
  path: "/api/access-tokens",
  id: "listAccessTokens",
  tag,
  summary: "Every access token, revoked ones too: working ones first, newest first (never the token itself)",
  access: "users:manage",
  responses: [{ status: 200, description: "The tokens", schema: z.array(accessTokenDtoSchema) }],
});

export const createAccessToken = defineOperation({
  method: "POST",
  path: "/api/access-tokens",
  id: "createAccessToken",
  tag,
  summary: "Create an access token for an integration; the answer holds the token, the only time it is shown",
  description:
    "The token acts in the creating admin's name with a manager's rights, for the operations of its scopes only " +
    "(each operation names its scope in `x-token-scope`). Send it as `Authorization: Bearer swk_…`. It stops " +
    "working when revoked, after `expires_on`, or when its creator is deleted or no admin any more.",
  access: "users:manage",
  body: accessTokenCreateSchema,
  responses: [{ status: 201, description: "Created; `token` is shown only now", schema: accessTokenCreatedSchema }],
  errors: [
    {
      status: 400,
      description: "`validation_failed`: no name, no scope, an unknown scope, or `expires_on` in the past",
    },
  ],
});

export const revokeAccessToken = defineOperation({
  method: "DELETE",
  path: "/api/access-tokens/{id}",
  id: "revokeAccessToken",
  tag,
  summary: "Revoke an access token: its next request answers 403 (revoking it again changes nothing)",
  access: "users:manage",
  params: idParamsSchema,
  responses: [{ status: 204, description: "Revoked" }],
});
