"use client";
import { memo, useMemo } from "react";
import { absenceWeekLabel } from "@/components/absences/absence-text";
import type { AbsenceSlot, FindingDto, ShiftDto } from "@/lib/shared/api-types";
import { addDays } from "@/lib/shared/dates";
import { formatDayMonth, WEEKDAYS_SHORT } from "@/lib/shared/format";
import { formatHours, sumHours } from "@/lib/shared/hours";
import { DayHeaders, PlannerCell, type PlannerActions } from "./PlannerCell";
import { shiftsByEmployeeDay, type EmployeeRow } from "./week-model";

type Props = {
  weekStart: string;
  today: string;
  rows: EmployeeRow[];
  shifts: ShiftDto[];
  canEdit: boolean;
  actions: PlannerActions;
  findings: Map<number, FindingDto[]>;
  /** Holidays of every active location by day (the others are named in the location view's cells). */
  holidaysByDay: Map<string, string[]>;
  applicants?: Map<number, unknown[]>;
  /** The week's absences by employee, named under the row's name ("Krank Mo–Mi", docs/PRODUCT-RULES.md §32.8). */
  absences?: Map<number, AbsenceSlot[]>;
};

/**
 * The planner's view by employee (docs/PRODUCT-RULES.md §27.4): one row per active employee with the week's hours
 * against the contract, one column per day Mo–So, each chip naming its time and location; a last row "Offen" for
 * the open shifts. Dragging and the chips' controls work as in the view by location.
 */
export const EmployeeGrid = memo(function EmployeeGrid(props: Props) {
  const { weekStart, today, rows, shifts, canEdit, actions, findings } = props;
  const days = Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));
  const byCell = useMemo(() => shiftsByEmployeeDay(shifts), [shifts]);
  const openHours = sumHours(shifts.filter((shift) => shift.employee_id === null).map((shift) => shift.hours));

  return (
    <div
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
      role="region"
      aria-label="Wochenplan nach Mitarbeitenden"
      tabIndex={0}
    >
      <table className="w-full min-w-[860px] table-fixed border-collapse text-sm">
        <colgroup>
          <col className="w-36 lg:w-44" />
          {days.map((day) => (
            <col key={day} />
          ))}
        </colgroup>
        <thead>
          <tr className="border-b border-slate-200 bg-slate-50 align-top">
            <th scope="col" className="sticky left-0 z-10 bg-slate-50 px-3 py-2 text-left font-medium text-slate-600">
              Mitarbeitende
            </th>
            <DayHeaders days={days} today={today} holidays={props.holidaysByDay} />
          </tr>
        </thead>
        <tbody>
          {[...rows, null].map((row) => {
            const key = row ? `emp-${row.id}` : "open";
            const name = row ? row.name : "Offen";
            return (
              <tr key={key} data-testid="employee-row" className="border-b border-slate-100 align-top">
                <th scope="row" className="sticky left-0 z-10 bg-white px-3 py-2 text-left font-medium text-slate-900">
                  {/* Breaks between words only, an overlong word ends in "…" (docs/PRODUCT-RULES.md §29.5). */}
                  <span className="block overflow-hidden text-ellipsis" title={name}>
                    {name}
                    {row?.archived && <span className="font-normal text-slate-600"> (archiviert)</span>}
                  </span>
                  {row &&
                    props.absences?.get(row.id)?.map((absence) => (
                      <span
                        key={absence.id}
                        data-testid="row-absence"
                        className="mt-0.5 block w-fit rounded bg-violet-100 px-1.5 text-xs font-medium text-violet-950"
                      >
                        {absenceWeekLabel(absence, weekStart)}
                      </span>
                    ))}
                  {row?.colleague ? null : row ? (
                    <RowHours hours={row.hours} target={row.targetHours} />
                  ) : (
                    <span className="block text-xs font-normal tabular-nums text-slate-700">
                      {formatHours(openHours)} h
                    </span>
                  )}
                </th>
                {days.map((day, i) => (
                  <PlannerCell
                    key={day}
                    target={{ date: day, employeeId: row ? row.id : null }}
                    cellKey={`${key}|${day}`}
                    weekStart={weekStart}
                    isToday={day === today}
                    shifts={byCell.get(`${row ? row.id : "open"}|${day}`) ?? NO_SHIFTS}
                    heading="location"
                    place={`${name}, ${WEEKDAYS_SHORT[i]} ${formatDayMonth(day)}`}
                    canEdit={canEdit && !row?.archived}
                    actions={actions}
                    findings={findings}
                    applicants={props.applicants}
                  />
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
});

const NO_SHIFTS: ShiftDto[] = [];

/**
 * "32.5 / 40.0 h" against the week's target (less holidays and vacation days, docs/PRODUCT-RULES.md §31.1), over it
 * in red and spelled out "+2.0 h über Soll" (colour never alone, §19).
 */
function RowHours({ hours, target }: { hours: number; target: number | null }) {
  if (target === null)
    return (
      <span className="block text-xs font-normal tabular-nums text-slate-700">
        {formatHours(hours)} h · Stundenlohn
      </span>
    );
  const over = sumHours([hours, -target]);
  return (
    <span className="block text-xs font-normal tabular-nums">
      <span className={over > 0 ? "font-semibold text-red-700" : "text-slate-700"}>
        {formatHours(hours)} / {formatHours(target)} h
      </span>
      {over > 0 && <span className="block text-red-700">+{formatHours(over)} h über Soll</span>}
    </span>
  );
}
