// GET /api/openapi.json – the API reference as an OpenAPI 3.1 document (public)
import { json, route } from "@/lib/server/api/route";
import { openApiDocument } from "@/lib/server/openapi/openapi-document";
import * as api from "@/lib/shared/contract/platform";

export const GET = route(api.openApiDocument, async () => json(openApiDocument()));
