import { describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import { copyShiftPresetsResultSchema, MAX_PRESETS_PER_LOCATION } from "@/lib/shared/schemas/shift-preset";
import { call, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { POST as addPreset } from "../route";
import { POST as copy } from "./route";

const early = { name: "Früh", start_time: "06:00", end_time: "14:00", break_minutes: 30 };
const late = { name: "Spät", start_time: "14:00", end_time: "22:00", break_minutes: 30 };
const night = { name: "Nacht", start_time: "22:00", end_time: "06:00", break_minutes: 0 };

async function setup() {
  const { token } = await createUser("admin");
  const add = async (locationId: number, body: object) => {
    const res = await call(addPreset, { token, params: { id: String(locationId) }, body });
    expect(res.status, res.text).toBe(201);
  };
  const source = await fx.location();
  for (const preset of [early, late, night]) await add(source.id, preset);
  const copyFrom = (locationId: number, body: unknown, who = token) =>
    call(copy, { token: who, params: { id: String(locationId) }, body });
  const presetsOf = async (locationId: number) =>
    (await db.shiftPreset.findMany({ where: { locationId }, orderBy: [{ sortOrder: "asc" }, { id: "asc" }] })).map(
      (row) => row.name,
    );
  return { token, add, source, copyFrom, presetsOf };
}

describe("POST /api/locations/{id}/presets/copy (docs/PRODUCT-RULES.md §31.5)", () => {
  test("copies every preset to each target, skips and reports what a target has, audits each new one", async () => {
    const { add, source, copyFrom, presetsOf } = await setup();
    const empty = await fx.location();
    const partial = await fx.location();
    await add(partial.id, { ...early, name: "früh" }); // the same preset, another case: "same"
    await add(partial.id, { ...late, end_time: "23:00" }); // the same name, other times: "name_taken", kept
    await add(partial.id, { ...night, name: "Spätnacht" }); // other name, the same times: "same_times"

    const res = await copyFrom(source.id, { to_location_ids: [partial.id, empty.id, partial.id] });
    expect(res.status, res.text).toBe(201);
    const result = copyShiftPresetsResultSchema.parse(res.json);
    // Only the empty location takes them: the other has each in some form.
    expect(result.created.map((preset) => [preset.location_id, preset.name])).toEqual([
      [empty.id, "Früh"],
      [empty.id, "Spät"],
      [empty.id, "Nacht"],
    ]);
    expect(result.created.find((preset) => preset.name === "Nacht")).toMatchObject({
      start_time: "22:00",
      end_time: "06:00",
      break_minutes: 0,
      sort_order: 2,
    });
    expect(result.skipped).toEqual([
      { location_id: partial.id, name: "Früh", reason: "same" },
      { location_id: partial.id, name: "Spät", reason: "name_taken" },
      { location_id: partial.id, name: "Nacht", reason: "same_times" },
    ]);
    expect(await presetsOf(empty.id)).toEqual(["Früh", "Spät", "Nacht"]);
    // The target's own presets stay as they were.
    expect(await presetsOf(partial.id)).toEqual(["früh", "Spät", "Spätnacht"]);
    const kept = await db.shiftPreset.findFirst({ where: { locationId: partial.id, name: "Spät" } });
    expect(kept?.endTime.toISOString()).toContain("23:00");

    const audit = await db.auditLog.findMany({
      where: { entityType: "shift_preset", entityId: { in: result.created.map((preset) => preset.id) } },
    });
    expect(audit).toHaveLength(3);
    expect(audit.every((row) => row.action === "shift_preset.create")).toBe(true);
    expect(audit[0].details).toMatchObject({
      after: { location_id: empty.id, location_name: empty.name },
      copied_from: { location_id: source.id, location_name: source.name },
    });
  });

  test("a target with 12 presets takes none; what fits is copied and the rest reported as full", async () => {
    const { add, source, copyFrom, presetsOf } = await setup();
    const target = await fx.location();
    for (let hour = 0; hour < MAX_PRESETS_PER_LOCATION - 1; hour++)
      await add(target.id, { name: `P${hour}`, start_time: `${String(hour).padStart(2, "0")}:15`, end_time: "23:59" });
    const res = await copyFrom(source.id, { to_location_ids: [target.id] });
    expect(res.status, res.text).toBe(201);
    const result = copyShiftPresetsResultSchema.parse(res.json);
    expect(result.created.map((preset) => preset.name)).toEqual(["Früh"]);
    expect(result.skipped).toEqual([
      { location_id: target.id, name: "Spät", reason: "full" },
      { location_id: target.id, name: "Nacht", reason: "full" },
    ]);
    expect(await presetsOf(target.id)).toHaveLength(MAX_PRESETS_PER_LOCATION);
  });

  test("bad input gets a German message and changes nothing", async () => {
    const { source, copyFrom, presetsOf } = await setup();
    const target = await fx.location();
    const archived = await fx.location();
    await db.location.update({ where: { id: archived.id }, data: { archivedAt: new Date() } });

    const refusals: [number, unknown, number, string][] = [
      [source.id, {}, 400, "Bitte wähle mindestens einen Standort"],
      [source.id, { to_location_ids: [] }, 400, "Bitte wähle mindestens einen Standort"],
      [source.id, { to_location_ids: ["2"] }, 400, "Ungültiger Standort"],
      [source.id, { to_location_ids: [0] }, 400, "Ungültiger Standort"],
      [source.id, { to_location_ids: [target.id, source.id] }, 400, "nicht auf sich selbst kopieren"],
      [source.id, { to_location_ids: [target.id, archived.id] }, 400, "gibt es nicht mehr oder er ist archiviert"],
      [source.id, { to_location_ids: [target.id, 2_000_000_000] }, 400, "gibt es nicht mehr"],
      [archived.id, { to_location_ids: [target.id] }, 404, "Standort nicht gefunden"],
      [target.id, { to_location_ids: [source.id] }, 400, "noch keine Schichtarten zum Kopieren"],
    ];
    for (const [from, body, status, message] of refusals) {
      const res = await copyFrom(from, body);
      expect(res.status, `${JSON.stringify(body)}: ${res.text}`).toBe(status);
      expect((res.json as unknown as { error: string }).error).toContain(message);
    }
    expect(await presetsOf(target.id)).toEqual([]);
    expect(
      await db.auditLog.count({
        where: { entityType: "shift_preset", details: { path: ["after", "location_id"], equals: target.id } },
      }),
    ).toBe(0);

    // A manager plans but does not keep master data.
    const manager = await createUser("manager");
    const res = await copyFrom(source.id, { to_location_ids: [target.id] }, manager.token);
    expect(res.status).toBe(403);
    expect(await presetsOf(target.id)).toEqual([]);
  });
});
