import { randomUUID } from "node:crypto";
import { Role } from "@/generated/prisma/client";
import { signAccessToken } from "@/lib/server/auth/access-token";
import { hashOpaqueToken, newOpaqueToken } from "@/lib/server/auth/opaque-token";
import { REFRESH_TOKEN_TTL_MS } from "@/lib/server/auth/sessions";
import { db } from "@/lib/server/db/client";
import type { TokenScope } from "@/lib/shared/token-scopes";

type Handler = (
  request: Request,
  context: { params: Promise<Record<string, string | string[] | undefined>> },
) => Promise<Response>;

export type CallOptions = {
  method?: string;
  path?: string;
  token?: string;
  /** Sent as JSON unless it is a string (then sent as is). */
  body?: unknown;
  params?: Record<string, string>;
  headers?: Record<string, string>;
};

/** Calls a route handler the way Next does, and reads the JSON answer. */
export async function call(handler: Handler, options: CallOptions = {}) {
  const headers = new Headers(options.headers);
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    headers.set("content-type", "application/json");
  }
  const request = new Request(`http://localhost${options.path ?? "/api/test"}`, {
    method: options.method ?? (body === undefined ? "GET" : "POST"),
    headers,
    body,
  });
  const response = await handler(request, { params: Promise.resolve(options.params ?? {}) });
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: the test will notice through `json` being undefined
  }
  return {
    status: response.status,
    headers: response.headers,
    json: json as Record<string, unknown> & unknown[],
    text,
  };
}

// bcrypt hash of "test-password" at cost 4: test users need a hash, not a slow one.
const TEST_PASSWORD_HASH = "$2b$04$bPH5V6vuXpjMiPnnpiokEOoUuQSEJia6xOY74GYxL6/koPNQy2w4S";

/**
 * A user with a unique name, signed in: a session of its own (a refresh token family, as a login starts it, but
 * without the login's audit row) and an access token naming it, since a token is valid only while its session lives
 * (docs/PRODUCT-RULES.md §4.1). `employeeId` links the user to that employee (docs/PRODUCT-RULES.md §26.1).
 */
export async function createUser(role: keyof typeof Role = "admin", { employeeId }: { employeeId?: number } = {}) {
  const sessionId = randomUUID();
  const refreshToken = newOpaqueToken();
  const user = await db.user.create({
    data: {
      username: `test-${role}-${randomUUID().slice(0, 8)}`,
      passwordHash: TEST_PASSWORD_HASH,
      role,
      employeeId: employeeId ?? null,
      refreshTokens: {
        create: {
          familyId: sessionId,
          tokenHash: hashOpaqueToken(refreshToken),
          expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
        },
      },
    },
  });
  const token = await signAccessToken({ id: user.id, role: user.role }, sessionId);
  return { user, token, refreshToken, sessionId };
}

export function uniqueName(prefix: string) {
  return `${prefix} ${randomUUID().slice(0, 8)}`;
}

export const TEST_PASSWORD = "test-password";

/** A client address of its own per test, so per-IP login limits never interfere. */
export function uniqueIp(): string {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  return `198.51.${octet()}.${octet()}`;
}

/** Logs a user in through the real login route and returns the session tokens. */
export async function loginAs(
  username: string,
  password = TEST_PASSWORD,
): Promise<{ accessToken: string; refreshToken: string }> {
  const { POST } = await import("@/app/api/auth/login/route");
  const res = await call(POST, { body: { username, password }, headers: { "x-forwarded-for": uniqueIp() } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
  return { accessToken: res.json.accessToken as string, refreshToken: res.json.refreshToken as string };
}

/** Calls a route that answers a file; returns status, headers and the bytes. */
export async function callForBytes(handler: Handler, options: CallOptions = {}) {
  const headers = new Headers(options.headers);
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  const response = await handler(new Request(`http://localhost${options.path ?? "/api/test"}`, { headers }), {
    params: Promise.resolve(options.params ?? {}),
  });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/**
 * An integration's access token with these scopes (docs/PRODUCT-RULES.md §36), created by a new admin the way POST
 * /api/access-tokens stores it: only the hash is kept. Answers the token and its row's id.
 */
export async function createIntegrationToken(scopes: TokenScope[], { name = uniqueName("Kasse") } = {}) {
  const { user: admin } = await createUser("admin");
  const token = `swk_${newOpaqueToken()}`;
  const row = await db.accessToken.create({
    data: { name, scopes, secretHash: hashOpaqueToken(token), hint: token.slice(0, 8), createdBy: admin.id },
  });
  return { token, id: row.id, name, admin };
}
