import { describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import { terminalPairingSchema, terminalPairResultSchema } from "@/lib/shared/schemas/terminal";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { GET as screen } from "../route";
import { POST as create } from "../../terminals/route";
import { POST as newLink } from "../../terminals/[id]/pairing-link/route";
import { POST as revoke } from "../../terminals/[id]/revoke/route";
import { POST } from "./route";

const INVALID = "Dieser Kopplungslink ist ungültig, abgelaufen oder schon benutzt. Bitte lass dir einen neuen geben.";

/** A terminal registered by an admin, as the admin gets it: with its pairing link. */
async function registered() {
  const admin = await createUser("admin");
  const location = await fx.location({ name: `Bahnhof ${Math.random().toString(36).slice(2, 7)}` });
  const res = await call(create, { token: admin.token, body: { location_id: location.id, name: "Eingang" } });
  expect(res.status, res.text).toBe(201);
  const created = terminalPairingSchema.parse(res.json);
  const token = created.pairing_path.split("#")[1];
  return { admin, location, created, token };
}

const pair = (token: unknown) => call(POST, { body: { token } });
const asTerminal = (credential: string) => call(screen, { headers: { authorization: `Terminal ${credential}` } });

describe("POST /api/terminal/pair (docs/PRODUCT-RULES.md §32.4)", () => {
  test("the link's token pairs once: the credential (256 bits) is answered once, only its hash is stored", async () => {
    const { location, created, token } = await registered();
    expect(created.pairing_path).toMatch(/^\/terminal\/pair#[A-Za-z0-9_-]{43}$/);
    const res = await pair(token);
    expect(res.status, res.text).toBe(200);
    const paired = terminalPairResultSchema.parse(res.json);
    expect(paired).toMatchObject({ terminal_name: "Eingang", location_name: location.name });
    expect(Buffer.from(paired.credential, "base64url")).toHaveLength(32);

    const row = await db.terminal.findUniqueOrThrow({ where: { id: created.terminal.id } });
    expect(row.credentialHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.credentialHash).not.toContain(paired.credential);
    expect(row.pairingTokenHash).toBeNull();
    expect(row.pairedAt).not.toBeNull();
    expect((await asTerminal(paired.credential)).status).toBe(200);

    // The same link a second time: refused, and the first browser keeps working.
    const again = await pair(token);
    expect(again.status).toBe(400);
    expect(again.json).toEqual({ error: INVALID, code: "validation_failed", fields: { token: INVALID } });
    expect((await asTerminal(paired.credential)).status).toBe(200);
  });

  test("two browsers with the same link at once: exactly one is paired", async () => {
    const { token } = await registered();
    const answers = await Promise.all(Array.from({ length: 5 }, () => pair(token)));
    expect(answers.map((res) => res.status).sort()).toEqual([200, 400, 400, 400, 400]);
  });

  test("an expired, unknown or revoked link pairs nothing", async () => {
    const first = await registered();
    await db.terminal.update({
      where: { id: first.created.terminal.id },
      data: { pairingExpiresAt: new Date(Date.now() - 1000) },
    });
    expect((await pair(first.token)).status).toBe(400);
    expect((await pair("A".repeat(43))).status).toBe(400);
    expect((await pair("")).status).toBe(400);

    const second = await registered();
    const params = { id: String(second.created.terminal.id) };
    expect((await call(revoke, { token: second.admin.token, params, body: {} })).status).toBe(200);
    expect((await pair(second.token)).status).toBe(400);
    // A revoked terminal takes no new link.
    const link = await call(newLink, { token: second.admin.token, params, body: {} });
    expect(link.status).toBe(409);
  });

  test("a new link replaces the paired browser: the old credential is 401 once the new one pairs", async () => {
    const { admin, created, token } = await registered();
    const old = terminalPairResultSchema.parse((await pair(token)).json).credential;
    const link = await call(newLink, { token: admin.token, params: { id: String(created.terminal.id) }, body: {} });
    expect(link.status).toBe(201);
    const next = terminalPairingSchema.parse(link.json);
    expect(next.terminal.status).toBe("paired");
    // Until the new link is used, the old browser keeps stamping.
    expect((await asTerminal(old)).status).toBe(200);
    const fresh = terminalPairResultSchema.parse((await pair(next.pairing_path.split("#")[1])).json).credential;
    expect((await asTerminal(old)).status).toBe(401);
    expect((await asTerminal(fresh)).status).toBe(200);
  });

  test("pairing is audited without the token or the credential", async () => {
    const { created, token } = await registered();
    const credential = terminalPairResultSchema.parse((await pair(token)).json).credential;
    const rows = await db.auditLog.findMany({ where: { entityType: "terminal", entityId: created.terminal.id } });
    expect(rows.map((row) => row.action).sort()).toEqual(["terminal.create", "terminal.pair"]);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(token);
    expect(text).not.toContain(credential);
  });
});
