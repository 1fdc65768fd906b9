import { describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import { locationDtoSchema } from "@/lib/shared/schemas/location";
import { shiftPresetDtoSchema } from "@/lib/shared/schemas/shift-preset";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { GET as listLocations } from "../../route";
import { DELETE as archiveLocation, GET as getLocation } from "../route";
import { DELETE as remove, PUT as update } from "./[presetId]/route";
import { GET as list, POST as create } from "./route";

const early = { name: "Früh", start_time: "06:00", end_time: "14:00", break_minutes: 30 };

async function setup() {
  const { token } = await createUser("admin");
  const location = await fx.location();
  const params = { id: String(location.id) };
  const add = (body: unknown) => call(create, { token, params, body });
  return { token, location, params, add };
}

describe("shift presets (docs/PRODUCT-RULES.md §27.1)", () => {
  test("admin adds, lists, changes and deletes a preset; each write has its audit row", async () => {
    const { token, location, params, add } = await setup();
    const created = await add({ ...early, start_time: "06:00:00" });
    expect(created.status).toBe(201);
    const preset = shiftPresetDtoSchema.parse(created.json);
    expect(preset).toEqual({ id: preset.id, location_id: location.id, ...early, sort_order: 0 });
    const late = await add({ name: "Spät", start_time: "14:00", end_time: "22:00" });
    expect(late.json).toMatchObject({ break_minutes: 0, sort_order: 1 });

    const listed = await call(list, { token, params });
    expect(listed.status).toBe(200);
    expect((listed.json as unknown as { name: string }[]).map((p) => p.name)).toEqual(["Früh", "Spät"]);

    const presetParams = { ...params, presetId: String(preset.id) };
    const night = { name: "Nacht", start_time: "22:00", end_time: "06:00", break_minutes: 45, sort_order: 5 };
    const changed = await call(update, { token, params: presetParams, method: "PUT", body: night });
    expect(changed.status).toBe(200);
    expect(changed.json).toEqual({ id: preset.id, location_id: location.id, ...night });
    const names = ((await call(list, { token, params })).json as unknown as { name: string }[]).map((p) => p.name);
    expect(names).toEqual(["Spät", "Nacht"]);

    const deleted = await call(remove, { token, params: presetParams, method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ message: "Schichtart gelöscht" });
    expect(await db.shiftPreset.count({ where: { locationId: location.id } })).toBe(1);

    const audit = await db.auditLog.findMany({ where: { entityType: "shift_preset", entityId: preset.id } });
    expect(audit.map((row) => row.action).sort()).toEqual([
      "shift_preset.create",
      "shift_preset.delete",
      "shift_preset.update",
    ]);
    const updateRow = audit.find((row) => row.action === "shift_preset.update")!;
    expect(updateRow.details).toMatchObject({
      before: { name: "Früh", start_time: "06:00", location_name: location.name },
      after: { name: "Nacht", end_time: "06:00", break_minutes: 45 },
    });
  });

  test("bad input: German messages per field, as a shift's, and nothing stored", async () => {
    const { location, add } = await setup();
    const blank = await add({ name: " ", start_time: "25:00", end_time: "x", break_minutes: 7 });
    expect(blank.status).toBe(400);
    expect(blank.json.fields).toEqual({
      name: "Bitte gib einen Namen für die Schichtart ein",
      start_time: "Bitte gib eine gültige Startzeit ein (HH:MM)",
      end_time: "Bitte gib eine gültige Endzeit ein (HH:MM)",
      break_minutes: "Die Pause muss ein Vielfaches von 5 Minuten sein",
    });
    const same = await add({ ...early, end_time: "06:00" });
    expect(same.json.fields).toEqual({ end_time: "Beginn und Ende dürfen nicht gleich sein" });
    const longBreak = await add({ ...early, break_minutes: 480 });
    expect(longBreak.json.fields).toEqual({ break_minutes: "Die Pause muss kürzer als die Schicht sein" });
    const longName = await add({ ...early, name: "x".repeat(51) });
    expect(longName.json.fields).toEqual({ name: "Höchstens 50 Zeichen" });
    const order = await add({ ...early, sort_order: 1000 });
    expect(order.json.fields).toEqual({ sort_order: "Die Reihenfolge muss zwischen 0 und 999 liegen" });
    expect(await db.shiftPreset.count({ where: { locationId: location.id } })).toBe(0);
  });

  test("names are unique per location regardless of case; another location may reuse one", async () => {
    const { token, location, params, add } = await setup();
    expect((await add(early)).status).toBe(201);
    const twice = await add({ ...early, name: " früh " });
    expect(twice.status).toBe(409);
    expect(twice.json).toMatchObject({
      code: "conflict",
      fields: { name: "Diese Schichtart gibt es an diesem Standort bereits" },
    });
    const other = await fx.location();
    expect((await call(create, { token, params: { id: String(other.id) }, body: early })).status).toBe(201);

    const late = await add({ ...early, name: "Spät" });
    const presetParams = { ...params, presetId: String(late.json.id) };
    const renamed = await call(update, {
      token,
      params: presetParams,
      method: "PUT",
      body: { ...early, name: "FRÜH" },
    });
    expect(renamed.status).toBe(409);
    // Keeping its own name (in another case) is no clash.
    const recased = await call(update, {
      token,
      params: presetParams,
      method: "PUT",
      body: { ...early, name: "SPÄT" },
    });
    expect(recased.status).toBe(200);
    expect(await db.shiftPreset.count({ where: { locationId: location.id } })).toBe(2);
  });

  test("at most 12 presets per location: the 13th is refused in German", async () => {
    const { location, add } = await setup();
    for (let i = 1; i <= 12; i++) expect((await add({ ...early, name: `Schicht ${i}` })).status).toBe(201);
    const thirteenth = await add({ ...early, name: "Schicht 13" });
    expect(thirteenth.status).toBe(400);
    expect(thirteenth.json).toMatchObject({
      code: "validation_failed",
      error: "Höchstens 12 Schichtarten pro Standort",
    });
    expect(await db.shiftPreset.count({ where: { locationId: location.id } })).toBe(12);
  });

  test("managers and users read presets but may not write them", async () => {
    const { params, add } = await setup();
    const preset = await add(early);
    const presetParams = { ...params, presetId: String(preset.json.id) };
    for (const role of ["manager", "user"] as const) {
      const { token } = await createUser(role);
      expect((await call(list, { token, params })).status).toBe(200);
      expect((await call(create, { token, params, body: { ...early, name: "Mittel" } })).status).toBe(403);
      const put = await call(update, { token, params: presetParams, method: "PUT", body: early });
      expect(put.status).toBe(403);
      expect((await call(remove, { token, params: presetParams, method: "DELETE" })).status).toBe(403);
    }
    expect(await db.shiftPreset.count({ where: { id: preset.json.id as number } })).toBe(1);
  });

  test("the locations' answers carry the presets, sorted; an archived location answers 404", async () => {
    const { token, location, params, add } = await setup();
    await add({ ...early, name: "Spät", start_time: "14:00", end_time: "22:00", sort_order: 2 });
    await add({ ...early, sort_order: 1 });
    await add({ ...early, name: "Mittel", start_time: "10:00", end_time: "18:00", sort_order: 1 });
    const all = (await call(listLocations, { token })).json as unknown as unknown[];
    const listed = all.map((entry) => locationDtoSchema.parse(entry)).find((entry) => entry.id === location.id)!;
    expect(listed.presets.map((p) => `${p.name} ${p.start_time}–${p.end_time}`)).toEqual([
      "Früh 06:00–14:00",
      "Mittel 10:00–18:00",
      "Spät 14:00–22:00",
    ]);
    const one = locationDtoSchema.parse((await call(getLocation, { token, params })).json);
    expect(one.presets).toEqual(listed.presets);

    const presetId = String(listed.presets[0].id);
    expect((await call(archiveLocation, { token, params, method: "DELETE" })).status).toBe(200);
    expect((await call(list, { token, params })).status).toBe(404);
    const added = await add({ ...early, name: "Neu" });
    expect(added.status).toBe(404);
    expect(added.json).toMatchObject({ error: "Standort nicht gefunden" });
    expect((await call(remove, { token, params: { ...params, presetId }, method: "DELETE" })).status).toBe(404);
  });

  test("another location's preset answers 404 and stays; deleting a location drops its presets", async () => {
    const { token, params, add } = await setup();
    const other = await fx.location();
    const foreign = await call(create, { token, params: { id: String(other.id) }, body: early });
    const presetParams = { ...params, presetId: String(foreign.json.id) };
    const put = await call(update, { token, params: presetParams, method: "PUT", body: { ...early, name: "X" } });
    expect(put.status).toBe(404);
    expect(put.json).toMatchObject({ error: "Schichtart nicht gefunden" });
    expect((await call(remove, { token, params: presetParams, method: "DELETE" })).status).toBe(404);
    expect(await db.shiftPreset.findUnique({ where: { id: foreign.json.id as number } })).not.toBeNull();
    await add(early);
    await db.location.delete({ where: { id: other.id } });
    expect(await db.shiftPreset.count({ where: { locationId: other.id } })).toBe(0);
  });

  test("two admins adding at once cannot pass the limit of 12", async () => {
    const { location, add } = await setup();
    for (let i = 1; i <= 10; i++) await add({ ...early, name: `Schicht ${i}` });
    const answers = await Promise.all([1, 2, 3, 4].map((i) => add({ ...early, name: `Gleichzeitig ${i}` })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 400, 400]);
    expect(await db.shiftPreset.count({ where: { locationId: location.id } })).toBe(12);
  });
});
