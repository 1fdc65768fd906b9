import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import { recordAudit } from "@/lib/server/audit/record-audit";
import type { AuthUser } from "@/lib/server/auth/authenticate";
import { db } from "@/lib/server/db/client";
import { toDateColumn, toTimeColumn } from "@/lib/server/db/columns";
import { assertActiveLocations } from "@/lib/server/schedule/references";
import { findShifts, type ShiftDto } from "@/lib/server/shifts/find-shifts";
import { addDays, mondayOf } from "@/lib/shared/dates";
import type { WeekTemplateInput } from "@/lib/shared/schemas/week-template";
import { getWeekTemplate, type WeekTemplateDto } from "./find-week-templates";

const notFound = () => new ApiError("not_found", "Vorlage nicht gefunden");

function shiftRows(input: WeekTemplateInput) {
  return input.shifts.map((shift) => ({
    dayOfWeek: shift.day_of_week,
    locationId: shift.location_id,
    startTime: toTimeColumn(shift.start_time),
    endTime: toTimeColumn(shift.end_time),
    breakMinutes: 0,
    notes: shift.notes,
  }));
}

export async function createWeekTemplate({
  input,
  actor,
  ip,
}: {
  input: WeekTemplateInput;
  actor: AuthUser;
  ip: string;
}): Promise<WeekTemplateDto> {
  const id = await db.$transaction(async (tx) => {
    await assertActiveLocations(
      tx,
      input.shifts.map((shift) => shift.location_id),
      "shifts",
    );
    const template = await tx.weekTemplate.create({
      data: { name: input.name, description: input.description, shifts: { create: shiftRows(input) } },
      select: { id: true },
    });
    await recordAudit(
      { actor, action: "week_template.create", entityType: "week_template", entityId: template.id, ip },
      tx,
    );
    return template.id;
  });
  return getWeekTemplate(id);
}

/** PUT replaces name, description and every shift row. */
export async function updateWeekTemplate({
  id,
  input,
  actor,
  ip,
}: {
  id: number;
  input: WeekTemplateInput;
  actor: AuthUser;
  ip: string;
}): Promise<WeekTemplateDto> {
  await db.$transaction(async (tx) => {
    if (!(await tx.weekTemplate.findUnique({ where: { id }, select: { id: true } }))) throw notFound();
    await assertActiveLocations(
      tx,
      input.shifts.map((shift) => shift.location_id),
      "shifts",
    );
    await tx.weekTemplateShift.deleteMany({ where: { templateId: id } });
    await tx.weekTemplate.update({
      where: { id },
      data: { name: input.name, description: input.description, shifts: { create: shiftRows(input) } },
    });
    await recordAudit({ actor, action: "week_template.update", entityType: "week_template", entityId: id, ip }, tx);
  });
  return getWeekTemplate(id);
}

export async function deleteWeekTemplate({
  id,
  actor,
  ip,
}: {
  id: number;
  actor: AuthUser;
  ip: string;
}): Promise<void> {
  await db.$transaction(async (tx) => {
    const { count } = await tx.weekTemplate.deleteMany({ where: { id } });
    if (count !== 1) throw notFound();
    await recordAudit({ actor, action: "week_template.delete", entityType: "week_template", entityId: id, ip }, tx);
  });
}

/**
 * Maps the template onto the Monday-Sunday week containing `startDate`
 * (day_of_week 1 = Monday … 6 = Saturday, 0 = Sunday at the end of the week)
 * and creates unassigned shifts: all in one transaction, or none.
 */
export async function applyWeekTemplate(options: {
  id: number;
  startDate: string;
  actor: AuthUser;
  ip: string;
}): Promise<{ created: number; shifts: ShiftDto[] }> {
  const { id, startDate, actor, ip } = options;
  const monday = mondayOf(startDate);
  const ids = await db.$transaction(async (tx) => {
    const template = await tx.weekTemplate.findUnique({ where: { id }, include: { shifts: true } });
    if (!template) throw notFound();
    await assertActiveLocations(
      tx,
      template.shifts.map((shift) => shift.locationId),
      "shifts",
    );
    const created = await tx.shift.createManyAndReturn({
      data: template.shifts.map((shift) => ({
        employeeId: null,
        locationId: shift.locationId,
        shiftDate: toDateColumn(addDays(monday, shift.dayOfWeek === 0 ? 6 : shift.dayOfWeek - 1)),
        startTime: shift.startTime,
        endTime: shift.endTime,
        breakMinutes: 0,
        isCustom: false,
        customName: null,
      })),
      select: { id: true },
    });
    await recordAudit(
      {
        actor,
        action: "week_template.apply",
        entityType: "week_template",
        entityId: id,
        details: { week_start: monday, shifts_created: created.length },
        ip,
      },
      tx,
    );
    return created.map((shift) => shift.id);
  });
  const shifts = await findShifts({ ids });
  return { created: shifts.length, shifts };
}
