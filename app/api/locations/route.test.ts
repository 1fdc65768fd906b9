import { describe, expect, test } from "vitest";
import { businessToday } from "@/lib/server/clock";
import { db } from "@/lib/server/db/client";
import { toTimeColumn } from "@/lib/server/db/columns";
import { addDays } from "@/lib/shared/dates";
import { call, createUser, uniqueName } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { DELETE as remove, GET as getOne, PUT as update } from "./[id]/route";
import { GET as list, POST as create } from "./route";

describe("locations", () => {
  test("creating a location: colour upper-cased, empty address null, defaults #3B82F6 and swap approval", async () => {
    const { token } = await createUser("admin");
    const name = uniqueName("Café");
    const res = await call(create, { token, body: { name, color: "#ef4444", address: "" } });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      id: expect.any(Number),
      name,
      color: "#EF4444",
      address: null,
      holiday_region: null,
      swap_needs_approval: true,
      presets: [],
    });
    const plain = await call(create, {
      token,
      body: { name: uniqueName("Laden"), address: "Bahnhofstrasse 1, 8001 Zürich", swap_needs_approval: false },
    });
    expect(plain.json).toMatchObject({
      color: "#3B82F6",
      address: "Bahnhofstrasse 1, 8001 Zürich",
      swap_needs_approval: false,
    });
    expect(await db.auditLog.count({ where: { action: "location.create", entityId: res.json.id as number } })).toBe(1);
  });

  test("name required, colour #RRGGBB: German messages, nothing stored", async () => {
    const { token } = await createUser("admin");
    const before = await db.location.count();
    const res = await call(create, { token, body: { name: "  ", color: "red" } });
    expect(res.status).toBe(400);
    expect(res.json.fields).toEqual({
      name: "Bitte gib einen Namen ein",
      color: "Farbe muss im Format #RRGGBB angegeben werden",
    });
    expect(await db.location.count()).toBe(before);
  });

  test("holiday_region: a known region or null (the company's); unknown codes refused", async () => {
    const { token } = await createUser("admin");
    const res = await call(create, { token, body: { name: uniqueName("Genf"), holiday_region: "CH-GE" } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ holiday_region: "CH-GE" });
    const id = String(res.json.id);
    const bad = await call(update, { token, params: { id }, method: "PUT", body: { holiday_region: "CH-XX" } });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toEqual({ holiday_region: "Unbekannte Feiertagsregion (z. B. CH-ZH, CH-BE, DE-BY)" });
    const renamed = await call(update, { token, params: { id }, method: "PUT", body: { name: uniqueName("Genève") } });
    expect(renamed.json).toMatchObject({ holiday_region: "CH-GE" });
    const cleared = await call(update, { token, params: { id }, method: "PUT", body: { holiday_region: null } });
    expect(cleared.json).toMatchObject({ holiday_region: null });
  });

  test("list sorted by name, get and partial update", async () => {
    const { token } = await createUser("admin");
    const tag = uniqueName("").trim();
    const b = await fx.location({ name: `B ${tag}` });
    const a = await fx.location({ name: `A ${tag}` });
    const names = ((await call(list, { token })).json as unknown as { name: string }[])
      .map((l) => l.name)
      .filter((n) => n.endsWith(tag));
    expect(names).toEqual([`A ${tag}`, `B ${tag}`]);
    expect((await call(getOne, { token, params: { id: String(a.id) } })).json).toMatchObject({ name: `A ${tag}` });
    const res = await call(update, { token, params: { id: String(b.id) }, method: "PUT", body: { color: "#8b5cf6" } });
    expect(res.json).toMatchObject({ name: `B ${tag}`, color: "#8B5CF6" });
  });

  test("DELETE archives: future shifts and template rows go, past shifts stay; the id answers 404", async () => {
    const { token } = await createUser("admin");
    const l = await fx.location();
    const today = businessToday();
    const past = await fx.shift({ locationId: l.id, date: addDays(today, -1) });
    const future = await fx.shift({ locationId: l.id, date: addDays(today, 1) });
    const template = await db.weekTemplate.create({
      data: {
        name: uniqueName("Vorlage"),
        shifts: {
          create: [
            { dayOfWeek: 1, locationId: l.id, startTime: toTimeColumn("08:00"), endTime: toTimeColumn("12:00") },
          ],
        },
      },
    });
    expect((await call(remove, { token, params: { id: String(l.id) }, method: "DELETE" })).status).toBe(200);
    expect(await db.shift.findUnique({ where: { id: past.id } })).not.toBeNull();
    expect(await db.shift.findUnique({ where: { id: future.id } })).toBeNull();
    expect(await db.weekTemplateShift.count({ where: { templateId: template.id } })).toBe(0);
    expect((await call(getOne, { token, params: { id: String(l.id) } })).status).toBe(404);
    const listed = (await call(list, { token })).json as unknown as { id: number }[];
    expect(listed.some((x) => x.id === l.id)).toBe(false);
  });

  test("managers and users may read but not change locations", async () => {
    const l = await fx.location();
    for (const role of ["manager", "user"] as const) {
      const { token } = await createUser(role);
      expect((await call(list, { token })).status).toBe(200);
      expect((await call(create, { token, body: { name: "X" } })).status).toBe(403);
      expect(
        (await call(update, { token, params: { id: String(l.id) }, method: "PUT", body: { name: "X" } })).status,
      ).toBe(403);
    }
  });
});
