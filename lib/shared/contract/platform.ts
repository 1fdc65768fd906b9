import { z } from "zod";
import { healthSchema } from "@/lib/shared/schemas/common";
import { defineOperation } from "./operation";

const tag = "Platform";

export const health = defineOperation({
  method: "GET",
  path: "/api/health",
  id: "getHealth",
  tag,
  summary: "Liveness and database check for monitors",
  access: "public",
  responses: [
    { status: 200, description: "App and database are up", schema: healthSchema },
    { status: 503, description: "The database cannot be reached", schema: healthSchema },
  ],
});

export const openApiDocument = defineOperation({
  method: "GET",
  path: "/api/openapi.json",
  id: "getOpenApiDocument",
  tag,
  summary: "This reference as an OpenAPI 3.1 document",
  description:
    "Generated from the same zod schemas that validate the requests. A readable version is served at /api-docs.",
  access: "public",
  responses: [{ status: 200, description: "The OpenAPI document", schema: z.record(z.string(), z.unknown()) }],
});
