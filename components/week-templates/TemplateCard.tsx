import { Button } from "@/components/ui/Button";
import type { WeekTemplateDto } from "@/lib/shared/api-types";
import { classNames } from "@/lib/shared/class-names";
import { formatHours, shiftHours, sumHours } from "@/lib/shared/hours";
import { WEEK } from "./weekdays";

type Props = { template: WeekTemplateDto; onView: () => void; onEdit?: () => void; onDelete?: () => void };

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** A template at a glance: name, description, day and shift count, and which weekdays it fills. */
export function TemplateCard({ template, onView, onEdit, onDelete }: Props) {
  const days = new Set(template.shifts.map((shift) => shift.day_of_week));
  const filled = WEEK.filter((day) => days.has(day.dayOfWeek));
  const total = sumHours(
    template.shifts.map((shift) => shiftHours(shift.start_time, shift.end_time, shift.break_minutes) ?? 0),
  );
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <div className="min-w-0">
        <h2 className="font-semibold break-words text-slate-900">{template.name}</h2>
        <p className="mt-0.5 text-sm break-words text-slate-600">{template.description ?? "Keine Beschreibung"}</p>
      </div>
      <p className="text-sm text-slate-800">
        {plural(template.day_count, "Tag", "Tage")} · {plural(template.shift_count, "Schicht", "Schichten")} ·{" "}
        <span className="tabular-nums">{formatHours(total)} h</span>
      </p>
      <div role="img" aria-label={`Schichten am ${filled.map((day) => day.short).join(", ")}`} className="flex gap-1">
        {WEEK.map((day) => (
          <span
            key={day.dayOfWeek}
            className={classNames(
              "flex h-7 flex-1 items-center justify-center rounded text-xs font-medium",
              days.has(day.dayOfWeek) ? "bg-blue-100 text-blue-900" : "bg-slate-50 text-slate-500",
            )}
          >
            {day.short}
          </span>
        ))}
      </div>
      <div className="mt-auto flex flex-wrap gap-1">
        <Button size="sm" variant="secondary" onClick={onView} aria-label={`${template.name} ansehen`}>
          Ansehen
        </Button>
        {onEdit && (
          <Button size="sm" variant="ghost" onClick={onEdit} aria-label={`${template.name} bearbeiten`}>
            Bearbeiten
          </Button>
        )}
        {onDelete && (
          <Button
            size="sm"
            variant="ghost"
            className="text-red-700 hover:bg-red-50"
            onClick={onDelete}
            aria-label={`${template.name} löschen`}
          >
            Löschen
          </Button>
        )}
      </div>
    </li>
  );
}
