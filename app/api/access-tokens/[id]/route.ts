// DELETE /api/access-tokens/{id} – revoke an integration's access token (admin, docs/PRODUCT-RULES.md §36)
import { revokeAccessToken } from "@/lib/server/access-tokens/write-access-tokens";
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { noContent, route } from "@/lib/server/api/route";
import * as api from "@/lib/shared/contract/access-tokens";

export const DELETE = route(api.revokeAccessToken, async ({ params, audit }) => {
  await revokeAccessToken({ id: params.id, audit });
  return noContent();
});

export const { GET, POST, PUT, PATCH, HEAD, OPTIONS } = otherMethods("DELETE");
