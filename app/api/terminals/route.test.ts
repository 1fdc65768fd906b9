import { describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import { terminalDtoSchema, terminalPairingSchema } from "@/lib/shared/schemas/terminal";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { pairedTerminal } from "@/tests/support/terminal";
import { GET, POST } from "./route";
import { POST as revoke } from "./[id]/revoke/route";

describe("POST/GET /api/terminals (docs/PRODUCT-RULES.md §32.4)", () => {
  test("an admin registers a terminal: 201 with a one-time link in the fragment, listed without any hash", async () => {
    const { token, user } = await createUser("admin");
    const location = await fx.location();
    const res = await call(POST, { token, body: { location_id: location.id, name: "  Personaleingang " } });
    expect(res.status, res.text).toBe(201);
    const created = terminalPairingSchema.parse(res.json);
    expect(created.terminal).toMatchObject({
      name: "Personaleingang",
      location_id: location.id,
      location_name: location.name,
      status: "waiting",
      paired_at: null,
    });
    const expires = Date.parse(created.pairing_expires_at) - Date.now();
    expect(expires).toBeGreaterThan(23.9 * 3_600_000);
    expect(expires).toBeLessThanOrEqual(24 * 3_600_000);
    const row = await db.terminal.findUniqueOrThrow({ where: { id: created.terminal.id } });
    expect(row.createdBy).toBe(user.id);
    expect(row.pairingTokenHash).not.toBe(created.pairing_path.split("#")[1]);

    const list = await call(GET, { token });
    expect(list.status).toBe(200);
    const mine = (list.json as unknown[]).map((item) => terminalDtoSchema.parse(item));
    expect(mine.find((item) => item.id === created.terminal.id)).toMatchObject({ status: "waiting" });
    expect(list.text).not.toMatch(/hash|credential|token/i);
  });

  test("an unknown or archived location, a missing name: 400 with German fields, nothing written", async () => {
    const { token } = await createUser("admin");
    const archived = await fx.location();
    await db.location.update({ where: { id: archived.id }, data: { archivedAt: new Date() } });
    const before = await db.terminal.count();
    const gone = await call(POST, { token, body: { location_id: archived.id, name: "Tür" } });
    expect(gone.status).toBe(400);
    expect(gone.json.fields).toEqual({ location_id: "Unbekannter oder archivierter Standort" });
    const blank = await call(POST, { token, body: { location_id: archived.id, name: " " } });
    expect(blank.json.fields).toMatchObject({ name: "Bitte gib einen Namen ein" });
    expect(await db.terminal.count()).toBe(before);
  });

  test("managers may not manage terminals", async () => {
    const { token } = await createUser("manager");
    const location = await fx.location();
    expect((await call(POST, { token, body: { location_id: location.id, name: "Tür" } })).status).toBe(403);
  });

  test("revoking: status revoked, audited once, again answers it unchanged; unknown id 404", async () => {
    const { token } = await createUser("admin");
    const t = await pairedTerminal();
    const params = { id: String(t.terminal.id) };
    const first = await call(revoke, { token, params, body: {} });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ id: t.terminal.id, status: "revoked" });
    const again = await call(revoke, { token, params, body: {} });
    expect(again.json).toEqual(first.json);
    expect(await db.auditLog.count({ where: { action: "terminal.revoke", entityId: t.terminal.id } })).toBe(1);
    const row = await db.terminal.findUniqueOrThrow({ where: { id: t.terminal.id } });
    expect(row.credentialHash).toBeNull();
    expect((await call(revoke, { token, params: { id: "999999999" }, body: {} })).status).toBe(404);
  });
});
