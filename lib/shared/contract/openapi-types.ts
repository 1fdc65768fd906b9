/** The parts of an OpenAPI 3.1 document that lib/server/openapi generates and /api-docs renders. */
export type JsonSchema = Record<string, unknown>;
export type OpenApiDocument = {
  openapi: "3.1.0";
  info: Record<string, unknown>;
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  /** What the app sends: one POST per webhook event (docs/PRODUCT-RULES.md §37). */
  webhooks: Record<string, { post: OpenApiWebhook }>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, unknown>;
    securitySchemes: Record<string, unknown>;
  };
};
export type OpenApiParameter = {
  name: string;
  in: "path" | "query";
  required: boolean;
  description?: string;
  schema: JsonSchema;
};
export type OpenApiOperation = {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  security: Record<string, string[]>[];
  "x-permission": string;
  "x-roles": string[];
  /** The access token scope that opens the operation (docs/PRODUCT-RULES.md §36); absent: no token does. */
  "x-token-scope"?: string;
  parameters?: OpenApiParameter[];
  requestBody?: { required: true; content: { "application/json": { schema: JsonSchema } } };
  responses: Record<
    string,
    { description: string; headers?: Record<string, unknown>; content?: Record<string, { schema: JsonSchema }> }
  >;
};
export type OpenApiWebhook = {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  parameters: { name: string; in: "header"; required: true; description: string; schema: JsonSchema }[];
  requestBody: { required: true; content: { "application/json": { schema: JsonSchema } } };
  responses: Record<string, { description: string }>;
};
