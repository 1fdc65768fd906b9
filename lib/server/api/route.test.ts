import { SignJWT } from "jose";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { db } from "@/lib/server/db/client";
import { call, createUser } from "@/tests/support/api";
import { MAX_BODY_BYTES } from "./request-body";
import { json, route } from "./route";

// A route like the real ones, to test the wrapper on its own.
const echo = route(
  { access: "shifts:write", body: z.object({ name: z.string().min(1, { error: "Bitte gib einen Namen ein" }) }) },
  async ({ body, user }) => json({ name: body.name, by: user.username }, 201),
);
const boom = route({ access: "schedule:read" }, async () => {
  throw new Error('relation "secret_table" does not exist at SELECT * FROM users');
});

const secret = () => new TextEncoder().encode(process.env.JWT_SECRET);

/** A JWT with our issuer and audience for `userId`, its claims, issued now; expiry and signature are the caller's. */
const jwtFor = (userId: number, claims: Record<string, unknown>) =>
  new SignJWT({ role: "admin", ...claims })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(userId))
    .setIssuer("schichtwerk")
    .setAudience("schichtwerk-api")
    .setIssuedAt();

describe("authentication", () => {
  test("no Authorization header: 401 with the JSON error body, before the body is read", async () => {
    const res = await call(echo, { body: "{bad" });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ error: "Nicht angemeldet", code: "unauthenticated" });
  });

  test("garbage, expired, foreign-key and wrong-type tokens: 403 invalid_token", async () => {
    const { user } = await createUser("admin");
    const base = () => jwtFor(user.id, { typ: "access" });
    const expired = await base()
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(secret());
    const otherKey = await base()
      .setExpirationTime("5m")
      .sign(new TextEncoder().encode("another-secret-another-secret-another"));
    const refreshType = await jwtFor(user.id, { typ: "refresh" }).setExpirationTime("5m").sign(secret());
    const unsigned = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${Buffer.from(
      JSON.stringify({
        sub: String(user.id),
        role: "admin",
        typ: "access",
        iss: "schichtwerk",
        aud: "schichtwerk-api",
        exp: 9999999999,
        iat: 1,
      }),
    ).toString("base64url")}.`;

    for (const token of ["garbage", expired, otherKey, refreshType, unsigned]) {
      const res = await call(echo, { token, body: { name: "x" } });
      expect(res.status, token).toBe(403);
      expect(res.json).toMatchObject({ code: "invalid_token" });
    }
  });

  test("a token must name a live session of its user: without sid, an unknown or another's session, 403", async () => {
    const { user } = await createUser("admin");
    const other = await createUser("admin");
    const signed = (claims: Record<string, unknown>) =>
      jwtFor(user.id, { typ: "access", ...claims })
        .setExpirationTime("5m")
        .sign(secret());
    // The user has a live session of their own (createUser), so each refusal is the sid's.
    for (const sid of [undefined, "no-uuid", 42, "7d9f4b0e-0c3a-4c59-9a51-2f6c1e0b8d11", other.sessionId]) {
      const res = await call(echo, { token: await signed({ sid }), body: { name: "x" } });
      expect(res.status, String(sid)).toBe(403);
      expect(res.json).toMatchObject({ code: "invalid_token" });
    }
    expect((await call(echo, { token: other.token, body: { name: "x" } })).status).toBe(201);
  });

  test("a session that ended takes its access tokens along at once (docs/PRODUCT-RULES.md §30.3)", async () => {
    const { token, sessionId } = await createUser("admin");
    expect((await call(echo, { token, body: { name: "x" } })).status).toBe(201);
    await db.refreshToken.updateMany({ where: { familyId: sessionId }, data: { revokedAt: new Date() } });
    const revoked = await call(echo, { token, body: { name: "x" } });
    expect(revoked.status).toBe(403);
    expect(revoked.json).toMatchObject({ code: "invalid_token" });
    // An expired session is as dead as a revoked one.
    const second = await createUser("admin");
    await db.refreshToken.updateMany({ where: { familyId: second.sessionId }, data: { expiresAt: new Date() } });
    expect((await call(echo, { token: second.token, body: { name: "x" } })).status).toBe(403);
  });

  test("a deleted user's token stops working at once", async () => {
    const { user, token } = await createUser("admin");
    await db.user.delete({ where: { id: user.id } });
    const res = await call(echo, { token, body: { name: "x" } });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ code: "invalid_token" });
  });
});

describe("authorization", () => {
  test("a role not in the table gets 403 Keine Berechtigung", async () => {
    const { token } = await createUser("user");
    const res = await call(echo, { token, body: { name: "x" } });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ error: "Keine Berechtigung", code: "forbidden" });
  });

  test("the role is read from the database, not from the token", async () => {
    const { user, token } = await createUser("manager");
    expect((await call(echo, { token, body: { name: "x" } })).status).toBe(201);
    await db.user.update({ where: { id: user.id }, data: { role: "user" } });
    expect((await call(echo, { token, body: { name: "x" } })).status).toBe(403);
  });
});

describe("request bodies", () => {
  test("malformed JSON is a 400, never a 500", async () => {
    const { token } = await createUser("manager");
    const res = await call(echo, { token, body: "{bad" });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: "Ungültiges JSON im Anfragetext", code: "invalid_json" });
  });

  test("validation errors name the field in German", async () => {
    const { token } = await createUser("manager");
    const res = await call(echo, { token, body: { name: "" } });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      error: "Bitte gib einen Namen ein",
      code: "validation_failed",
      fields: { name: "Bitte gib einen Namen ein" },
    });
  });

  test("a body over 1 MiB is a 413, with or without Content-Length", async () => {
    const { token } = await createUser("manager");
    const big = JSON.stringify({ name: "x".repeat(MAX_BODY_BYTES) });
    const declared = await call(echo, { token, body: big, headers: { "content-length": String(big.length) } });
    expect(declared.status).toBe(413);
    expect(declared.json).toMatchObject({ code: "payload_too_large" });
    const streamed = await call(echo, { token, body: big });
    expect(streamed.status).toBe(413);
  });

  test("unknown keys are ignored and the handler's status is kept", async () => {
    const { token, user } = await createUser("admin");
    const res = await call(echo, { token, body: { name: "Anna", extra: true } });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ name: "Anna", by: user.username });
  });
});

describe("unexpected errors", () => {
  test("become a generic 500 without stack, SQL or message", async () => {
    const { token } = await createUser("user");
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const res = await call(boom, { token });
      expect(res.status).toBe(500);
      expect(res.json).toEqual({ error: "Interner Serverfehler", code: "internal" });
      expect(res.text).not.toMatch(/secret_table|SELECT|at /);
    } finally {
      console.error = original;
    }
    expect(JSON.stringify(errors)).toContain("secret_table"); // the details go to the server log
  });
});

test("a NUL character in any string is a 400 naming the field, never a database error", async () => {
  const { token } = await createUser("manager");
  const res = await call(echo, { token, body: JSON.stringify({ name: "a\u0000b" }) });
  expect(res.status).toBe(400);
  expect(res.json).toMatchObject({
    code: "validation_failed",
    fields: { name: expect.stringContaining("Nullzeichen") },
  });
});
