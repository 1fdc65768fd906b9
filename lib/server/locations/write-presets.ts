import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import { recordAudit, type AuditContext } from "@/lib/server/audit/record-audit";
import type { Tx } from "@/lib/server/db/client";
import { lockActiveLocation, lockActiveLocations } from "@/lib/server/db/locks";
import { transaction } from "@/lib/server/db/transaction";
import { toTimeColumn } from "@/lib/server/db/columns";
import {
  COPY_TARGET_GONE,
  COPY_TO_ITSELF,
  MAX_PRESETS_PER_LOCATION,
  NOTHING_TO_COPY,
  MAX_SORT_ORDER,
  PRESET_NAME_TAKEN,
  TOO_MANY_PRESETS,
  type CopyShiftPresetsInput,
  type CopyShiftPresetsResult,
  type ShiftPresetInput,
} from "@/lib/shared/schemas/shift-preset";
import { locationNotFound } from "./find-locations";
import { shiftPresetNotFound } from "./find-presets";
import { shiftPresetDtoSelect, shiftPresetOrder, toShiftPresetDto, type ShiftPresetDto } from "./shift-preset-dto";

export type CreateShiftPresetOptions = { locationId: number; input: ShiftPresetInput; audit: AuditContext };
export type UpdateShiftPresetOptions = CreateShiftPresetOptions & { id: number };
export type DeleteShiftPresetOptions = { locationId: number; id: number; audit: AuditContext };

const nameTaken = () => new ApiError("conflict", PRESET_NAME_TAKEN, { fields: { name: PRESET_NAME_TAKEN } });

/**
 * Every preset write of a location first locks the location's row: the writes of one location run one after the
 * other, so the limit of 12 and the unique name are checked on what is there (the unique index on lower(name) is
 * the backstop), and an archiving cannot slip in between. NO KEY UPDATE, not UPDATE: a shift being planned at the
 * location meanwhile (its foreign key takes KEY SHARE) does not wait for it. 404 for an archived or unknown location.
 */
async function lockLocation(tx: Tx, locationId: number): Promise<string> {
  const location = await lockActiveLocation(tx, locationId);
  if (!location) throw locationNotFound();
  return location.name;
}

/** lower() as the unique index has it; a query, not Prisma's insensitive filter, which matches with ILIKE. */
async function assertNameFree(tx: Tx, locationId: number, name: string, exceptId = 0): Promise<void> {
  const clash = await tx.$queryRaw<{ id: number }[]>`
    SELECT id FROM shift_presets
    WHERE location_id = ${locationId} AND lower(name) = lower(${name}) AND id <> ${exceptId}`;
  if (clash.length > 0) throw nameTaken();
}

const columns = (input: ShiftPresetInput) => ({
  name: input.name,
  startTime: toTimeColumn(input.start_time),
  endTime: toTimeColumn(input.end_time),
  breakMinutes: input.break_minutes,
});

/** What the audit row keeps of a preset, with the location's name as at the write (for the history). */
const snapshot = (preset: ShiftPresetDto, locationName: string) => ({
  location_id: preset.location_id,
  location_name: locationName,
  name: preset.name,
  start_time: preset.start_time,
  end_time: preset.end_time,
  break_minutes: preset.break_minutes,
});

/** POST /locations/{id}/presets (docs/PRODUCT-RULES.md §27.1): at most 12, names unique regardless of case. */
export async function createShiftPreset({ locationId, input, audit }: CreateShiftPresetOptions) {
  return transaction(async (tx) => {
    const locationName = await lockLocation(tx, locationId);
    const existing = await tx.shiftPreset.aggregate({ where: { locationId }, _count: true, _max: { sortOrder: true } });
    if (existing._count >= MAX_PRESETS_PER_LOCATION) throw new ApiError("validation_failed", TOO_MANY_PRESETS);
    await assertNameFree(tx, locationId, input.name);
    const sortOrder = input.sort_order ?? (existing._count === 0 ? 0 : (existing._max.sortOrder ?? 0) + 1);
    const preset = toShiftPresetDto(
      await tx.shiftPreset.create({
        data: { locationId, ...columns(input), sortOrder: Math.min(sortOrder, MAX_SORT_ORDER) },
        select: shiftPresetDtoSelect,
      }),
    );
    await recordAudit(tx, {
      ...audit,
      action: "shift_preset.create",
      entityType: "shift_preset",
      entityId: preset.id,
      details: { after: snapshot(preset, locationName) },
    });
    return preset;
  });
}

/** PUT /locations/{id}/presets/{presetId}: the whole preset; without sort_order its place stays. */
export async function updateShiftPreset({ locationId, id, input, audit }: UpdateShiftPresetOptions) {
  return transaction(async (tx) => {
    const locationName = await lockLocation(tx, locationId);
    const before = await tx.shiftPreset.findFirst({ where: { id, locationId }, select: shiftPresetDtoSelect });
    if (!before) throw shiftPresetNotFound();
    await assertNameFree(tx, locationId, input.name, id);
    const preset = toShiftPresetDto(
      await tx.shiftPreset.update({
        where: { id },
        data: { ...columns(input), ...(input.sort_order !== undefined && { sortOrder: input.sort_order }) },
        select: shiftPresetDtoSelect,
      }),
    );
    await recordAudit(tx, {
      ...audit,
      action: "shift_preset.update",
      entityType: "shift_preset",
      entityId: id,
      details: { before: snapshot(toShiftPresetDto(before), locationName), after: snapshot(preset, locationName) },
    });
    return preset;
  });
}

/** DELETE /locations/{id}/presets/{presetId}: shifts planned with the preset keep their times. */
export async function deleteShiftPreset({ locationId, id, audit }: DeleteShiftPresetOptions): Promise<void> {
  await transaction(async (tx) => {
    const locationName = await lockLocation(tx, locationId);
    const before = await tx.shiftPreset.findFirst({ where: { id, locationId }, select: shiftPresetDtoSelect });
    if (!before) throw shiftPresetNotFound();
    await tx.shiftPreset.delete({ where: { id } });
    await recordAudit(tx, {
      ...audit,
      action: "shift_preset.delete",
      entityType: "shift_preset",
      entityId: id,
      details: { before: snapshot(toShiftPresetDto(before), locationName) },
    });
  });
}

export type CopyShiftPresetsOptions = { locationId: number; input: CopyShiftPresetsInput; audit: AuditContext };

const sameTimes = (a: ShiftPresetDto, b: ShiftPresetDto) =>
  a.start_time === b.start_time && a.end_time === b.end_time && a.break_minutes === b.break_minutes;

/**
 * POST /locations/{id}/presets/copy (docs/PRODUCT-RULES.md §31.5): the location's presets to other active
 * locations, in one transaction. A target keeps what it has: a preset of the same name (regardless of case) is
 * skipped as `same` (same times and break) or `name_taken` (other times), one with other name but the same times
 * and break as `same_times`, and what no longer fits under the limit of 12 as `full`. Each new preset gets its own
 * audit row, as one added by hand, naming where it was copied from.
 */
export async function copyShiftPresets({
  locationId,
  input,
  audit,
}: CopyShiftPresetsOptions): Promise<CopyShiftPresetsResult> {
  const targets = input.to_location_ids;
  if (targets.includes(locationId))
    throw new ApiError("validation_failed", COPY_TO_ITSELF, { fields: { to_location_ids: COPY_TO_ITSELF } });
  return transaction(async (tx) => {
    const locked = await lockActiveLocations(tx, [locationId, ...targets]);
    const source = locked.get(locationId);
    if (!source) throw locationNotFound();
    const gone = targets.filter((id) => !locked.has(id));
    if (gone.length > 0) {
      const message = COPY_TARGET_GONE;
      throw new ApiError("validation_failed", message, { fields: { to_location_ids: message } });
    }
    const rows = await tx.shiftPreset.findMany({
      where: { locationId: { in: [locationId, ...targets] } },
      select: shiftPresetDtoSelect,
      orderBy: shiftPresetOrder(),
    });
    const all = rows.map(toShiftPresetDto);
    const presets = all.filter((preset) => preset.location_id === locationId);
    if (presets.length === 0)
      throw new ApiError("validation_failed", NOTHING_TO_COPY, { fields: { to_location_ids: NOTHING_TO_COPY } });

    const result: CopyShiftPresetsResult = { created: [], skipped: [] };
    for (const target of targets) {
      const there = all.filter((preset) => preset.location_id === target);
      let count = there.length;
      let sortOrder = Math.max(-1, ...there.map((preset) => preset.sort_order)) + 1;
      for (const preset of presets) {
        const named = there.find((other) => other.name.toLowerCase() === preset.name.toLowerCase());
        const reason = named
          ? sameTimes(named, preset)
            ? "same"
            : "name_taken"
          : there.some((other) => sameTimes(other, preset))
            ? "same_times"
            : count >= MAX_PRESETS_PER_LOCATION
              ? "full"
              : null;
        if (reason) {
          result.skipped.push({ location_id: target, name: preset.name, reason });
          continue;
        }
        const created = toShiftPresetDto(
          await tx.shiftPreset.create({
            data: {
              locationId: target,
              name: preset.name,
              startTime: toTimeColumn(preset.start_time),
              endTime: toTimeColumn(preset.end_time),
              breakMinutes: preset.break_minutes,
              sortOrder: Math.min(sortOrder, MAX_SORT_ORDER),
            },
            select: shiftPresetDtoSelect,
          }),
        );
        count += 1;
        sortOrder += 1;
        await recordAudit(tx, {
          ...audit,
          action: "shift_preset.create",
          entityType: "shift_preset",
          entityId: created.id,
          details: {
            after: snapshot(created, locked.get(target)?.name ?? ""),
            copied_from: { location_id: locationId, location_name: source.name, preset_id: preset.id },
          },
        });
        result.created.push(created);
      }
    }
    return result;
  });
}
