import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { ApiError } from "@/lib/server/api/errors";
import { recordAudit, type AuditContext } from "@/lib/server/audit/record-audit";
import { recordPlanChange } from "@/lib/server/changes/write-changes";
import { db, type Tx } from "@/lib/server/db/client";
import { transaction } from "@/lib/server/db/transaction";
import { fromTimeColumn, toDateColumn, toTimeColumn } from "@/lib/server/db/columns";
import type { CreateOptions, RemoveOptions, UpdateOptions } from "@/lib/server/domain-options";
import { assertActiveLocations } from "@/lib/server/locations/find-locations";
import { findShifts } from "@/lib/server/shifts/find-shifts";
import { assertRealTimesOf } from "@/lib/server/shifts/real-times";
import type { AppliedTemplate } from "@/lib/shared/api-types";
import { addDays, mondayOf } from "@/lib/shared/dates";
import {
  MAX_TEMPLATE_SHIFTS,
  type WeekTemplateFromWeekInput,
  type WeekTemplateInput,
} from "@/lib/shared/schemas/week-template";
import { getWeekTemplate, weekTemplateNotFound, type WeekTemplateDto } from "./find-week-templates";

function shiftRows(input: WeekTemplateInput) {
  return input.shifts.map((shift) => ({
    dayOfWeek: shift.day_of_week,
    locationId: shift.location_id,
    startTime: toTimeColumn(shift.start_time),
    endTime: toTimeColumn(shift.end_time),
    breakMinutes: shift.break_minutes,
    notes: shift.notes,
  }));
}

type TemplateAudit = { audit: AuditContext; details?: Prisma.InputJsonValue };

async function insertWeekTemplate(tx: Tx, input: WeekTemplateInput, { audit, details }: TemplateAudit) {
  await assertActiveLocations(tx, { ids: input.shifts.map((shift) => shift.location_id), field: "shifts" });
  const template = await tx.weekTemplate.create({
    data: { name: input.name, description: input.description, shifts: { create: shiftRows(input) } },
    select: { id: true },
  });
  await recordAudit(tx, {
    ...audit,
    action: "week_template.create",
    entityType: "week_template",
    entityId: template.id,
    ...(details !== undefined && { details }),
  });
  return template.id;
}

export async function createWeekTemplate({ input, audit }: CreateOptions<WeekTemplateInput>): Promise<WeekTemplateDto> {
  const id = await transaction((tx) => insertWeekTemplate(tx, input, { audit }));
  return getWeekTemplate({ id });
}

export const WEEK_WITHOUT_SHIFTS = "Diese Woche hat keine Schichten, die als Vorlage gespeichert werden können";
const WEEK_TOO_FULL = `Höchstens ${MAX_TEMPLATE_SHIFTS} Schichten pro Vorlage`;

/**
 * Saves the shifts of the Monday–Sunday week of `start_date` at active locations as a new template
 * (docs/PRODUCT-RULES.md §27.3): weekday, location, times and break per shift; a special shift's name becomes the
 * row's note; employees are not part of templates (§11). Read and written in one transaction.
 */
export async function createWeekTemplateFromWeek({
  input,
  audit,
}: CreateOptions<WeekTemplateFromWeekInput>): Promise<WeekTemplateDto> {
  const monday = mondayOf(input.start_date);
  const id = await transaction(async (tx) => {
    const shifts = await tx.shift.findMany({
      where: {
        shiftDate: { gte: toDateColumn(monday), lte: toDateColumn(addDays(monday, 6)) },
        location: { archivedAt: null },
      },
      select: {
        locationId: true,
        shiftDate: true,
        startTime: true,
        endTime: true,
        breakMinutes: true,
        customName: true,
      },
      orderBy: [{ shiftDate: "asc" }, { startTime: "asc" }, { id: "asc" }],
    });
    const refuse = (message: string) => new ApiError("validation_failed", message, { fields: { start_date: message } });
    if (shifts.length === 0) throw refuse(WEEK_WITHOUT_SHIFTS);
    if (shifts.length > MAX_TEMPLATE_SHIFTS) throw refuse(WEEK_TOO_FULL);
    const rows = shifts.map((shift) => ({
      // The API's weekday: 0 = Sunday … 6 = Saturday (§11), as getUTCDay counts a date column.
      day_of_week: shift.shiftDate.getUTCDay(),
      location_id: shift.locationId,
      start_time: fromTimeColumn(shift.startTime),
      end_time: fromTimeColumn(shift.endTime),
      break_minutes: shift.breakMinutes,
      notes: shift.customName,
    }));
    const template = { name: input.name, description: input.description, shifts: rows };
    return insertWeekTemplate(tx, template, { audit, details: { from_week: monday, shifts: rows.length } });
  });
  return getWeekTemplate({ id });
}

/** PUT replaces name, description and every shift row. */
export async function updateWeekTemplate({
  id,
  input,
  audit,
}: UpdateOptions<WeekTemplateInput>): Promise<WeekTemplateDto> {
  await transaction(async (tx) => {
    if (!(await tx.weekTemplate.findUnique({ where: { id }, select: { id: true } }))) throw weekTemplateNotFound();
    await assertActiveLocations(tx, { ids: input.shifts.map((shift) => shift.location_id), field: "shifts" });
    await tx.weekTemplateShift.deleteMany({ where: { templateId: id } });
    await tx.weekTemplate.update({
      where: { id },
      data: { name: input.name, description: input.description, shifts: { create: shiftRows(input) } },
    });
    await recordAudit(tx, { ...audit, action: "week_template.update", entityType: "week_template", entityId: id });
  });
  return getWeekTemplate({ id });
}

export async function deleteWeekTemplate({ id, audit }: RemoveOptions): Promise<void> {
  await transaction(async (tx) => {
    const { count } = await tx.weekTemplate.deleteMany({ where: { id } });
    if (count !== 1) throw weekTemplateNotFound();
    await recordAudit(tx, { ...audit, action: "week_template.delete", entityType: "week_template", entityId: id });
  });
}

/**
 * Maps the template onto the Monday-Sunday week containing `startDate`
 * (day_of_week 1 = Monday … 6 = Saturday, 0 = Sunday at the end of the week)
 * and creates unassigned shifts: all in one transaction, or none.
 */
export type ApplyWeekTemplateOptions = { id: number; startDate: string; audit: AuditContext };

export async function applyWeekTemplate({ id, startDate, audit }: ApplyWeekTemplateOptions): Promise<AppliedTemplate> {
  const monday = mondayOf(startDate);
  const { ids, changeId } = await transaction(async (tx) => {
    const template = await tx.weekTemplate.findUnique({ where: { id }, include: { shifts: true } });
    if (!template) throw weekTemplateNotFound();
    await assertActiveLocations(tx, { ids: template.shifts.map((shift) => shift.locationId), field: "shifts" });
    const dateOf = (dayOfWeek: number) => addDays(monday, dayOfWeek === 0 ? 6 : dayOfWeek - 1);
    // A template keeps clock times; on the Sunday of the change to summer time a 02:30 does not exist (§32.5).
    assertRealTimesOf(
      template.shifts.map((shift) => ({
        shift_date: dateOf(shift.dayOfWeek),
        start_time: fromTimeColumn(shift.startTime),
        end_time: fromTimeColumn(shift.endTime),
        break_minutes: shift.breakMinutes,
      })),
      "start_date",
    );
    const created = await tx.shift.createManyAndReturn({
      data: template.shifts.map((shift) => ({
        employeeId: null,
        locationId: shift.locationId,
        shiftDate: toDateColumn(dateOf(shift.dayOfWeek)),
        startTime: shift.startTime,
        endTime: shift.endTime,
        breakMinutes: shift.breakMinutes,
        isCustom: false,
        customName: null,
      })),
      select: { id: true },
    });
    const ids = created.map((shift) => shift.id);
    const { changeId } = await recordPlanChange(tx, {
      kind: "week_template.apply",
      audit,
      before: new Map(),
      shiftIds: ids,
    });
    await recordAudit(tx, {
      ...audit,
      action: "week_template.apply",
      entityType: "week_template",
      entityId: id,
      details: { change_id: changeId, week_start: monday, shifts_created: created.length },
    });
    return { ids, changeId };
  });
  const shifts = await findShifts(db, { ids });
  return { created: shifts.length, shifts, change_id: changeId };
}
