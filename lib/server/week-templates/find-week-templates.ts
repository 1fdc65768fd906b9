import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import { db } from "@/lib/server/db/client";
import { fromTimeColumn } from "@/lib/server/db/columns";
import type { IdOptions } from "@/lib/server/domain-options";
import { compareNames } from "@/lib/shared/collation";
import type { WeekTemplateDto } from "@/lib/shared/api-types";

export type { WeekTemplateDto };

// Monday first, Sunday (0) last, like the planner's week.
const weekOrder = (day: number) => (day === 0 ? 7 : day);

export type WeekTemplateFilter = { id?: number };

/** Week templates with their shifts, sorted by name; a template's shifts Monday first. */
export async function findWeekTemplates(filter: WeekTemplateFilter = {}): Promise<WeekTemplateDto[]> {
  const templates = await db.weekTemplate.findMany({
    where: filter.id !== undefined ? { id: filter.id } : {},
    orderBy: { id: "asc" },
    include: { shifts: { include: { location: { select: { name: true, color: true } } } } },
  });
  templates.sort((a, b) => compareNames(a.name, b.name) || a.id - b.id);
  return templates.map((template) => {
    const shifts = [...template.shifts]
      .sort(
        (a, b) =>
          weekOrder(a.dayOfWeek) - weekOrder(b.dayOfWeek) ||
          a.startTime.getTime() - b.startTime.getTime() ||
          a.id - b.id,
      )
      .map((shift) => ({
        id: shift.id,
        day_of_week: shift.dayOfWeek,
        location_id: shift.locationId,
        location_name: shift.location.name,
        location_color: shift.location.color,
        start_time: fromTimeColumn(shift.startTime),
        end_time: fromTimeColumn(shift.endTime),
        break_minutes: shift.breakMinutes,
        notes: shift.notes,
      }));
    return {
      id: template.id,
      name: template.name,
      description: template.description,
      shift_count: shifts.length,
      day_count: new Set(shifts.map((shift) => shift.day_of_week)).size,
      shifts,
    };
  });
}

export async function getWeekTemplate({ id }: IdOptions): Promise<WeekTemplateDto> {
  const [template] = await findWeekTemplates({ id });
  if (!template) throw weekTemplateNotFound();
  return template;
}

export const weekTemplateNotFound = () => new ApiError("not_found", "Vorlage nicht gefunden");
