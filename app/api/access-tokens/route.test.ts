import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { GET as listAudit } from "@/app/api/audit/route";
import { GET as currentUser } from "@/app/api/auth/me/route";
import { GET as mySchedule } from "@/app/api/me/route";
import { GET as listShifts, POST as createShift } from "@/app/api/shifts/route";
import { GET as listUsers } from "@/app/api/users/route";
import { db, sqlStatements } from "@/lib/server/db/client";
import { businessToday } from "@/lib/server/clock";
import { addDays } from "@/lib/shared/dates";
import { accessTokenCreatedSchema, accessTokenDtoSchema } from "@/lib/shared/schemas/access-token";
import { call, createIntegrationToken, createUser, uniqueName } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { GET, POST } from "./route";
import { DELETE } from "./[id]/route";

const week = (start: string) => ({ path: `/api/shifts?start_date=${start}&end_date=${addDays(start, 6)}` });

async function created(token: string, body: unknown) {
  const res = await call(POST, { token, body });
  expect(res.status, res.text).toBe(201);
  return accessTokenCreatedSchema.parse(res.json);
}

describe("access tokens for integrations (docs/PRODUCT-RULES.md §36)", () => {
  test("an admin creates one: the token once, only its hash stored, listed without it; audited", async () => {
    const { token: admin, user } = await createUser("admin");
    const name = uniqueName("Kassensystem");
    const answer = await created(admin, { name: ` ${name} `, scopes: ["schedule:read", "time:read"] });
    expect(answer.token).toMatch(/^swk_[A-Za-z0-9_-]{43}$/);
    expect(answer.access_token).toMatchObject({
      name,
      scopes: ["schedule:read", "time:read"],
      hint: answer.token.slice(0, 8),
      expires_on: null,
      status: "active",
      last_used_at: null,
      created_by: user.username,
    });
    const row = await db.accessToken.findUniqueOrThrow({ where: { id: answer.access_token.id } });
    expect(row.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(answer.token.slice(4));

    const list = await call(GET, { token: admin });
    expect(list.status).toBe(200);
    const mine = (list.json as unknown[]).map((item) => accessTokenDtoSchema.parse(item));
    expect(mine.find((item) => item.id === answer.access_token.id)).toMatchObject({ name, status: "active" });
    expect(list.text).not.toContain(answer.token.slice(8));
    expect(list.text).not.toMatch(/hash/i);
    const audit = await db.auditLog.findMany({ where: { entityType: "access_token", entityId: row.id } });
    expect(audit).toMatchObject([{ action: "user.token_create", userId: user.id }]);
  });

  test("no name or scope, an unknown or repeated scope, a past expiry: 400 in German, nothing stored", async () => {
    const { token: admin } = await createUser("admin");
    const before = await db.accessToken.count();
    const cases: [unknown, Record<string, string>][] = [
      [{ name: " ", scopes: ["schedule:read"] }, { name: "Bitte gib einen Namen ein" }],
      [{ name: "Kasse", scopes: [] }, { scopes: "Bitte wähle mindestens einen Bereich aus" }],
      [{ name: "Kasse", scopes: ["users:manage"] }, { "scopes.0": "Unbekannter Bereich" }],
      [{ name: "Kasse", scopes: ["time:read", "time:read"] }, { scopes: "Jeden Bereich nur einmal" }],
      [
        { name: "Kasse", scopes: ["time:read"], expires_on: addDays(businessToday(), -1) },
        { expires_on: "Das Ablaufdatum liegt in der Vergangenheit" },
      ],
    ];
    for (const [body, fields] of cases) {
      const res = await call(POST, { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.fields).toMatchObject(fields);
    }
    expect(await db.accessToken.count()).toBe(before);
  });

  test("managers and staff may not see or create tokens", async () => {
    for (const role of ["manager", "user"] as const) {
      const { token } = await createUser(role);
      expect((await call(GET, { token })).status).toBe(403);
      expect((await call(POST, { token, body: { name: "x", scopes: ["time:read"] } })).status).toBe(403);
    }
  });

  test("a token opens the operations of its scopes only, and never the administration or the own profile", async () => {
    const { token } = await createIntegrationToken(["schedule:read"]);
    const location = await fx.location();
    await fx.shift({ locationId: location.id, date: "2047-03-05" });
    const read = await call(listShifts, { token, ...week("2047-03-04") });
    expect(read.status, read.text).toBe(200);
    expect(read.json).toHaveLength(1);

    const write = await call(createShift, {
      token,
      body: { location_id: location.id, shift_date: "2047-03-06", start_time: "08:00", end_time: "12:00" },
    });
    expect(write.status).toBe(403);
    expect(write.json).toEqual({
      code: "forbidden",
      error: "Diesem Zugriffstoken fehlt der Bereich «schedule:write»",
      required_scope: "schedule:write",
    });
    for (const handler of [listUsers, GET, currentUser, mySchedule]) {
      const res = await call(handler, { token });
      expect(res.status).toBe(403);
      expect(res.json.error).toBe("Mit einem Zugriffstoken nicht möglich: dafür braucht es eine Anmeldung");
    }
    expect((await call(POST, { token, body: { name: "mehr", scopes: ["time:write"] } })).status).toBe(403);
  });

  test("a token's change is made in its name: the audit log and the history name it", async () => {
    const { token, id, name, admin } = await createIntegrationToken(["schedule:write"]);
    const location = await fx.location({ name: uniqueName("Kiosk") });
    const res = await call(createShift, {
      token,
      body: { location_id: location.id, shift_date: "2047-04-07", start_time: "08:00", end_time: "12:00" },
    });
    expect(res.status, res.text).toBe(201);
    const entry = await db.auditLog.findFirstOrThrow({
      where: { action: "shift.create", entityId: res.json.id as number },
    });
    expect(entry).toMatchObject({ accessTokenId: id, userId: admin.id, username: `Token «${name}»` });

    const { token: reader } = await createUser("admin");
    const history = await call(listAudit, { token: reader, path: `/api/audit?kind=shifts` });
    expect(history.status).toBe(200);
    const entries = history.json.entries as unknown as { entity_id: number; sentence: string }[];
    const shown = entries.find((e) => e.entity_id === res.json.id);
    expect(shown?.sentence).toMatch(new RegExp(`^Token «${name}» hat `));
  });

  test("revoking works at once; again changes nothing; an unknown id is 404", async () => {
    const { token: admin } = await createUser("admin");
    const { token, id } = await createIntegrationToken(["schedule:read"]);
    expect((await call(listShifts, { token, ...week("2047-05-05") })).status).toBe(200);
    expect((await call(DELETE, { token: admin, method: "DELETE", params: { id: String(id) } })).status).toBe(204);
    const after = await call(listShifts, { token, ...week("2047-05-05") });
    expect(after.status).toBe(403);
    expect(after.json).toEqual({
      code: "invalid_token",
      error: "Dieses Zugriffstoken gibt es nicht (oder nicht mehr)",
    });
    expect((await call(DELETE, { token: admin, method: "DELETE", params: { id: String(id) } })).status).toBe(204);
    expect(await db.auditLog.count({ where: { action: "user.token_revoke", entityId: id } })).toBe(1);
    const listed = (await call(GET, { token: admin })).json as { id: number; status: string }[];
    expect(listed.find((t) => t.id === id)?.status).toBe("revoked");
    expect((await call(DELETE, { token: admin, method: "DELETE", params: { id: "2147483647" } })).status).toBe(404);
  });

  test("an expired token and one whose creator is no admin any more answer 403 with the reason", async () => {
    const expired = await createIntegrationToken(["schedule:read"]);
    await db.accessToken.update({
      where: { id: expired.id },
      data: { expiresOn: new Date(`${addDays(businessToday(), -1)}T00:00:00Z`) },
    });
    const old = await call(listShifts, { token: expired.token, ...week("2047-05-05") });
    expect(old.status).toBe(403);
    expect(old.json.error).toBe("Dieses Zugriffstoken ist abgelaufen");

    const lastDay = await createIntegrationToken(["schedule:read"]);
    await db.accessToken.update({
      where: { id: lastDay.id },
      data: { expiresOn: new Date(`${businessToday()}T00:00:00Z`) },
    });
    expect((await call(listShifts, { token: lastDay.token, ...week("2047-05-05") })).status).toBe(200);

    const demoted = await createIntegrationToken(["schedule:read"]);
    await db.user.update({ where: { id: demoted.admin.id }, data: { role: "manager" } });
    const res = await call(listShifts, { token: demoted.token, ...week("2047-05-05") });
    expect(res.status).toBe(403);
    expect(res.json.error).toBe(
      "Dieses Zugriffstoken gilt nicht mehr: wer es erstellt hat, ist kein Administrator mehr",
    );
    const { token: admin } = await createUser("admin");
    const listed = (await call(GET, { token: admin })).json as { id: number; status: string }[];
    expect(listed.find((t) => t.id === demoted.id)?.status).toBe("creator_gone");
    expect(listed.find((t) => t.id === expired.id)?.status).toBe("expired");
  });

  test("the last use is written at most once a minute, in the statement that checks the token", async () => {
    const { token, id } = await createIntegrationToken(["schedule:read"]);
    const location = await fx.location();
    await fx.shift({ locationId: location.id, date: "2047-06-03" });
    const before = sqlStatements.count;
    expect((await call(listShifts, { token, ...week("2047-06-02") })).status).toBe(200);
    expect(sqlStatements.count - before).toBeLessThanOrEqual(2);
    const first = (await db.accessToken.findUniqueOrThrow({ where: { id } })).lastUsedAt;
    expect(first).not.toBeNull();
    expect(Date.now() - first!.getTime()).toBeLessThan(60_000);
    expect((await call(listShifts, { token, ...week("2047-06-02") })).status).toBe(200);
    expect((await db.accessToken.findUniqueOrThrow({ where: { id } })).lastUsedAt).toEqual(first);

    // A repeated week comes from the cache: the token's one statement is all the request costs.
    const counts: number[] = [];
    for (let i = 0; i < 5 && !counts.includes(1); i++) {
      const start = sqlStatements.count;
      await call(listShifts, { token, ...week("2047-06-02") });
      counts.push(sqlStatements.count - start);
    }
    expect(counts).toContain(1);
  });

  test("any other swk_ token (short, long, odd characters, a real one cut or grown): 403 invalid_token", async () => {
    const { token: real } = await createIntegrationToken(["schedule:read"]);
    const printable = fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)) });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          printable.map((tail) => `swk_${tail}`),
          fc.constantFrom(real.slice(0, -1), `${real}A`, real.toUpperCase(), `swk_${"A".repeat(5000)}`),
        ),
        async (token) => {
          const res = await call(listShifts, { token, ...week("2047-05-05") });
          expect(res.status, token).toBe(403);
          expect(res.json.code).toBe("invalid_token");
        },
      ),
      { numRuns: 300, seed: 20261129 },
    );
  });
});
