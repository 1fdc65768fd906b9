// GET /api/openapi.json – the API reference as an OpenAPI 3.1 document (public)
import { jsonResponse } from "@/lib/server/api/json-response";
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { route } from "@/lib/server/api/route";
import { openApiDocument } from "@/lib/server/openapi/openapi-document";
import * as api from "@/lib/shared/contract/platform";

// The one JSON answer a cache may keep: it holds no data, and changes only with a new version of the app
// (docs/PRODUCT-RULES.md §30.4); everything else under /api is no-store.
export const GET = route(api.openApiDocument, async () =>
  jsonResponse(openApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
