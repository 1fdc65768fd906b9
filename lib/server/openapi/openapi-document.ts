import "server-only";
import { z } from "zod";
import packageJson from "@/package.json";
import { OPERATIONS } from "@/lib/shared/contract";
import type { Operation } from "@/lib/shared/contract/operation";
import type {
  JsonSchema,
  OpenApiDocument,
  OpenApiOperation,
  OpenApiParameter,
  OpenApiWebhook,
} from "@/lib/shared/contract/openapi-types";
import { PING_EVENT, WEBHOOK_EVENTS, webhookBodySchema, type DeliveredEvent } from "@/lib/shared/schemas/webhook";
import { PERMISSIONS } from "@/lib/shared/roles";
import { NAMED_RESPONSE_SCHEMAS } from "./named-response-schemas";

/**
 * The OpenAPI 3.1 document of the API, generated from the operations of
 * lib/shared/contract: the same zod schemas route() validates with, the same
 * access it checks. Request schemas are converted as zod's input type (what a
 * client may send: defaults optional, time strings before normalising),
 * response schemas as output type.
 */

const TAGS: Record<string, string> = {
  Auth: "Sign-in, tokens, the own password and 2FA",
  Users: "User accounts (administrators only)",
  Employees: "Employees with weekly hours and vacation days",
  Locations: "Locations and their colours",
  Shifts: "The schedule",
  Changes: "Undo of plan writes: every plan write answers a `change_id`",
  Vacations: "Vacations and vacation balances",
  Unavailability: 'Time an employee cannot work ("Nicht verfügbar"): own entries, or anyone\'s for planners',
  Wishes:
    "Soft wishes (rather early or late shifts, a day off): own for staff, anyone's for planners; " +
    "weighed by auto-fill below every other goal",
  Absences:
    "Absences besides vacation (sick leave, unpaid, military, training, compensation): anyone's for planners, " +
    "own for staff",
  "Week templates": "Reusable weeks of shifts",
  Dashboard: "The dashboard in one call",
  Reports: "Hours report (JSON, PDF) and schedule PDF",
  Settings: "Company settings, holiday regions and public holidays",
  Calendar: "The calendar feed of an employee's own shifts (iCalendar)",
  Me: "The caller's own data, for users linked to an employee",
  Notifications: "The caller's inbox: messages about their shifts, requests and stamps",
  History: "The audit log as German sentences (managers: plan and vacation changes; admins: everything)",
  Platform: "Health check and this reference",
  "Time recording": "Stamping, time entries with their revisions, correction requests",
  Terminals: "Terminals (Stempeluhr): registering, pairing and revoking them (admins), and staff PINs",
  Integrations:
    "Access tokens for integrations (admins): `Authorization: Bearer swk_…` opens the operations of the token's " +
    "scopes, named in each operation's `x-token-scope` and its `security`",
  Terminal: "The operations of a paired terminal: its staff tiles and stamping with a PIN",
  Webhooks:
    "Webhooks (admins): URLs that get a signed JSON POST for each event they subscribe to; the events' bodies are " +
    "the `webhooks` of this document",
};

// Keyed by schema object: zod hands the override its core type, not the classic one.
const COMPONENT_NAMES = new Map<unknown, string>(
  Object.entries(NAMED_RESPONSE_SCHEMAS).map(([name, schema]) => [schema, name]),
);
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const ERROR_CONTENT = { "application/json": { schema: ref("Error") } };

/** A response schema: named shapes inside it become references to components/schemas. */
function responseSchema(schema: z.ZodType, root = true): JsonSchema {
  const name = COMPONENT_NAMES.get(schema);
  if (root && name) return ref(name);
  const json = z.toJSONSchema(schema, {
    io: "output",
    override: ({ zodSchema, jsonSchema }) => {
      const nested = COMPONENT_NAMES.get(zodSchema);
      if (!nested || (zodSchema as unknown) === schema) return;
      for (const key of Object.keys(jsonSchema)) delete (jsonSchema as JsonSchema)[key];
      Object.assign(jsonSchema, ref(nested));
    },
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

function requestSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: "input" }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** Path or query parameters: one per property of the (object) schema. */
function parameters(schema: z.ZodType, where: "path" | "query"): OpenApiParameter[] {
  const json = requestSchema(schema);
  // An intersection may stay an allOf of objects; its members' properties are the parameters.
  const parts = (Array.isArray(json.allOf) ? json.allOf : [json]) as JsonSchema[];
  return parts.flatMap((part) => {
    const required = new Set((part.required as string[] | undefined) ?? []);
    return Object.entries((part.properties ?? {}) as Record<string, JsonSchema>).map(([name, property]) => {
      const { description, ...rest } = property;
      return {
        name,
        in: where,
        required: where === "path" || required.has(name),
        ...(typeof description === "string" ? { description } : {}),
        schema: rest,
      };
    });
  });
}

function accessText(operation: Operation): string {
  if (operation.access === "public") return "Public: no token needed.";
  if (operation.access === "terminal")
    return "Terminals only: `Authorization: Terminal <credential>` of a paired terminal; no user token opens it.";
  const token = operation.scope
    ? ` Access tokens with the scope \`${operation.scope}\`.`
    : " No access token opens it.";
  const roles = `Roles: ${PERMISSIONS[operation.access].join(", ")} (permission \`${operation.access}\`).${token}`;
  if (operation.access !== "self-service") return roles;
  const planners = operation.planners ? ` Callers with \`${operation.planners}\` act for any employee.` : "";
  return `${roles} Only with a linked employee, and only for that employee.${planners}`;
}

function errorResponses(operation: Operation): OpenApiOperation["responses"] {
  const byStatus = new Map<number, string[]>();
  const add = (status: number, text: string) => byStatus.set(status, [...(byStatus.get(status) ?? []), text]);
  if (operation.body)
    add(400, "`invalid_json`: the body is not JSON; `validation_failed` with `fields`: invalid input");
  else if (operation.query) add(400, "`validation_failed` with `fields`: invalid query parameters");
  if (operation.access === "terminal") {
    add(401, "`unauthenticated`: no credential of a paired terminal (unknown, replaced by a new pairing, or revoked)");
  } else if (operation.access !== "public") {
    add(401, "`unauthenticated`: no `Authorization: Bearer` header");
    add(
      403,
      // §30.3: a token lives only as long as its session (logout, password change, reuse detection end it).
      "`invalid_token`: access token invalid or expired, or its session ended (refresh once and retry); " +
        "an integration's token unknown, revoked, expired or its creator no admin any more; " +
        "`forbidden`: the role may not do this, or the integration's token lacks the scope (`required_scope`)",
    );
  }
  if (operation.params) add(404, "`not_found`: unknown or archived id (or a malformed path parameter)");
  for (const error of operation.errors ?? []) add(error.status, error.description);
  if (operation.body) add(413, "`payload_too_large`: body over 1 MiB");

  const responses: OpenApiOperation["responses"] = {};
  for (const [status, texts] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: texts.join("; "),
      ...(status === 429
        ? {
            headers: {
              "Retry-After": { description: "Seconds until a new attempt may succeed", schema: { type: "integer" } },
            },
          }
        : {}),
      content: ERROR_CONTENT,
    };
  }
  responses["500"] = { description: "`internal`: unexpected error (no details are given)", content: ERROR_CONTENT };
  if (!operation.responses.some((response) => response.status === 503)) {
    // An operation's own 503 codes (pdf_timeout) come first; the database's applies to every operation.
    const own = byStatus.get(503)?.map((text) => `${text}; `) ?? [];
    responses["503"] = {
      description:
        own.join("") +
        "`service_unavailable`: the database cannot be reached right now; " +
        "a write either completed or did not happen at all, retry later",
      headers: {
        "Retry-After": { description: "Seconds after which to retry", schema: { type: "integer" } },
        "X-Request-Unprocessed": {
          description:
            "`1` when nothing of the request ran (the server is still waiting for its database at start): " +
            "a write may be sent again as it is; without it, only reads are safe to repeat",
          schema: { type: "string", enum: ["1"] },
        },
      },
      content: ERROR_CONTENT,
    };
  }
  return responses;
}

function toOpenApiOperation(operation: Operation): OpenApiOperation {
  const responses: OpenApiOperation["responses"] = {};
  for (const response of operation.responses) {
    if ("ics" in response) {
      const etag = { ETag: { description: "Hash of the body, for If-None-Match", schema: { type: "string" } } };
      responses[String(response.status)] = {
        description: response.description,
        headers: etag,
        content: { "text/calendar": { schema: { type: "string", contentMediaType: "text/calendar" } } },
      };
      responses["304"] = { description: "Not modified: If-None-Match names the current ETag", headers: etag };
      continue;
    }
    if (response.status === 204) {
      responses["204"] = { description: response.description };
      continue;
    }
    if ("download" in response) {
      responses[String(response.status)] = {
        description: response.description,
        headers: { "Content-Disposition": { description: 'attachment; filename="…"', schema: { type: "string" } } },
        content: Object.fromEntries(
          response.download.map((type) => [type, { schema: { type: "string", contentMediaType: type } }]),
        ),
      };
      continue;
    }
    if ("csv" in response) {
      responses[String(response.status)] = {
        description: response.description,
        headers: { "Content-Disposition": { description: 'attachment; filename="…"', schema: { type: "string" } } },
        content: { "text/csv": { schema: { type: "string", contentMediaType: "text/csv" } } },
      };
      continue;
    }
    responses[String(response.status)] =
      "pdf" in response
        ? {
            description: response.description,
            headers: {
              "Content-Disposition": { description: 'attachment; filename="…"', schema: { type: "string" } },
            },
            content: { "application/pdf": { schema: { type: "string", contentMediaType: "application/pdf" } } },
          }
        : {
            description: response.description,
            content: { "application/json": { schema: responseSchema(response.schema) } },
          };
  }
  const parameterList = [
    ...(operation.params ? parameters(operation.params, "path") : []),
    ...(operation.query ? parameters(operation.query, "query") : []),
  ];
  return {
    operationId: operation.id,
    tags: [operation.tag],
    summary: operation.summary,
    description: [operation.description, accessText(operation)].filter(Boolean).join("\n\n"),
    security:
      operation.access === "public"
        ? []
        : operation.access === "terminal"
          ? [{ terminalAuth: [] }]
          : operation.scope
            ? [{ bearerAuth: [] }, { accessToken: [operation.scope] }]
            : [{ bearerAuth: [] }],
    "x-permission": operation.access,
    ...(operation.scope ? { "x-token-scope": operation.scope } : {}),
    "x-roles":
      operation.access === "public" || operation.access === "terminal" ? [] : [...PERMISSIONS[operation.access]],
    ...(parameterList.length > 0 ? { parameters: parameterList } : {}),
    ...(operation.body
      ? { requestBody: { required: true, content: { "application/json": { schema: requestSchema(operation.body) } } } }
      : {}),
    responses: { ...responses, ...errorResponses(operation) },
  } as OpenApiOperation;
}

const WEBHOOK_HEADERS: OpenApiWebhook["parameters"] = [
  { name: "X-Schichtwerk-Event", description: "The event, as `event` in the body" },
  { name: "X-Schichtwerk-Delivery", description: "The delivery's id (uuid): the same on every try; deduplicate by it" },
  {
    name: "X-Schichtwerk-Signature",
    description:
      '`t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`: compare in constant time, refuse an old `t`',
  },
].map((header) => ({ ...header, in: "header", required: true, schema: { type: "string" } }));

/** One entry per event: the POST the app sends, its headers and body (docs/PRODUCT-RULES.md §37). */
function webhookEntries(): OpenApiDocument["webhooks"] {
  const events: DeliveredEvent[] = [...WEBHOOK_EVENTS, PING_EVENT];
  return Object.fromEntries(
    events.map((event) => [
      event,
      {
        post: {
          operationId: `webhook:${event}`,
          tags: ["Webhooks"],
          summary: event === PING_EVENT ? '"Test senden"' : `The event ${event}`,
          description:
            "A JSON POST with `User-Agent: Schichtwerk-Webhooks/1`, within 10 s; any 2xx is taken as delivered, " +
            "anything else is tried again with growing pauses for 24 h (redirects are followed, at most 3).",
          parameters: WEBHOOK_HEADERS,
          requestBody: {
            required: true,
            content: { "application/json": { schema: responseSchema(webhookBodySchema(event)) } },
          },
          responses: { "2XX": { description: "Delivered" } },
        },
      },
    ]),
  );
}

export function buildOpenApiDocument(operations: readonly Operation[] = OPERATIONS): OpenApiDocument {
  const paths: OpenApiDocument["paths"] = {};
  for (const operation of operations) {
    (paths[operation.path] ??= {})[operation.method.toLowerCase()] = toOpenApiOperation(operation);
  }
  const schemas: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(NAMED_RESPONSE_SCHEMAS)) schemas[name] = responseSchema(schema, false);
  return {
    openapi: "3.1.0",
    info: {
      title: "Schichtwerk API",
      version: packageJson.version,
      description:
        "JSON over HTTP under /api. Dates yyyy-MM-dd, times HH:MM (requests may send HH:MM:SS), " +
        "timestamps ISO 8601 UTC, ids integers. " +
        "Unknown JSON keys are ignored. Every error is `{ error, code }` with a German `error` message, " +
        "plus `fields` for validation errors. " +
        "Send `Authorization: Bearer <accessToken>` (from POST /api/auth/login); " +
        "when it has expired the answer is 403 `invalid_token`: " +
        "refresh once with POST /api/auth/refresh and retry. " +
        "A method a path does not list answers 405 `method_not_allowed` with an `Allow` header naming the methods " +
        "it has (components/responses/MethodNotAllowed); OPTIONS answers 204 with the same `Allow`. " +
        "Answers carry `Cache-Control: no-store`, except this document and the calendar feed.",
    },
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    webhooks: webhookEntries(),
    components: {
      schemas,
      responses: {
        // No operation can list it: OpenAPI has no place for the methods a path does not have
        // (docs/PRODUCT-RULES.md §30.4).
        MethodNotAllowed: {
          description: "`method_not_allowed`: the path has no operation for this method",
          headers: {
            Allow: {
              description: "The methods of the path, e.g. `DELETE, GET, HEAD, OPTIONS, PUT`",
              schema: { type: "string" },
            },
          },
          content: ERROR_CONTENT,
        },
      },
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: "Access token of POST /api/auth/login, valid 15 minutes",
        },
        accessToken: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "swk_…",
          description:
            "An integration's access token (POST /api/access-tokens, admins): `swk_` + 43 characters. It opens the " +
            "operations whose `x-token-scope` it holds, with a manager's rights; any other answers 403 `forbidden` " +
            "with `required_scope` (none: no token opens it). Revoked, expired or its creator no admin any more: " +
            "403 `invalid_token`",
        },
        terminalAuth: {
          type: "apiKey",
          in: "header",
          name: "Authorization",
          description:
            "`Terminal <credential>`: what POST /api/terminal/pair answers once (docs/PRODUCT-RULES.md §32.4)",
        },
      },
    },
  };
}

export type { OpenApiDocument, OpenApiOperation };

let cached: OpenApiDocument | undefined;

/** The document of this build's operations (they cannot change while the process runs). */
export function openApiDocument(): OpenApiDocument {
  return (cached ??= buildOpenApiDocument());
}
