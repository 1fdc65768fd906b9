"use client";
import { Button } from "@/components/ui/Button";
import { LocationLabel } from "@/components/ui/LocationLabel";
import { Modal, ModalActions } from "@/components/ui/Modal";
import type { WeekTemplateDto } from "@/lib/shared/api-types";
import { crossesMidnight, formatHours, shiftHours, sumHours } from "@/lib/shared/hours";
import { WEEK } from "./weekdays";

/** The template's week, Monday to Sunday, each shift with its location colour, times and hours. */
export function TemplateViewDialog({ template, onClose }: { template: WeekTemplateDto; onClose: () => void }) {
  const hours = (shift: WeekTemplateDto["shifts"][number]) =>
    shiftHours(shift.start_time, shift.end_time, shift.break_minutes) ?? 0;
  const total = sumHours(template.shifts.map(hours));
  return (
    <Modal open size="lg" title={template.name} onClose={onClose}>
      {template.description && <p className="mb-4 text-sm text-slate-600">{template.description}</p>}
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {WEEK.map((day) => {
          const shifts = template.shifts.filter((shift) => shift.day_of_week === day.dayOfWeek);
          return (
            <li key={day.dayOfWeek} className="grid gap-2 p-3 sm:grid-cols-[7rem_1fr]">
              <h3 className="text-sm font-semibold text-slate-900">{day.long}</h3>
              {shifts.length === 0 ? (
                <p className="text-sm text-slate-600">Keine Schichten</p>
              ) : (
                <ul className="space-y-1.5">
                  {shifts.map((shift) => (
                    <li key={shift.id} className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-sm">
                      <LocationLabel
                        name={shift.location_name}
                        color={shift.location_color}
                        dotSize="size-3"
                        className="min-w-0 gap-2 font-medium text-slate-900"
                      />
                      <span className="tabular-nums text-slate-700">
                        {shift.start_time}–{shift.end_time} · {formatHours(hours(shift))} h
                        {shift.break_minutes > 0 && `, ${shift.break_minutes} Min. Pause`}
                        {crossesMidnight(shift.start_time, shift.end_time) && " (bis Folgetag)"}
                      </span>
                      {shift.notes && <span className="w-full text-slate-600 sm:w-auto">{shift.notes}</span>}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
      <p className="mt-3 text-right text-sm font-medium tabular-nums text-slate-800">
        Total {formatHours(total)} h pro Woche
      </p>
      <ModalActions>
        <Button variant="secondary" onClick={onClose}>
          Schliessen
        </Button>
      </ModalActions>
    </Modal>
  );
}
