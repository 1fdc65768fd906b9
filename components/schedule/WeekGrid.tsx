"use client";
import { memo, useMemo } from "react";
import type { FindingDto, LocationDto, ShiftDto } from "@/lib/shared/api-types";
import { addDays } from "@/lib/shared/dates";
import { formatDayMonth, WEEKDAYS_SHORT } from "@/lib/shared/format";
import { formatHours, sumHours } from "@/lib/shared/hours";
import { DayHeaders, PlannerCell, type PlannerActions } from "./PlannerCell";
import { cells as toCells } from "./week-model";

type Props = {
  weekStart: string;
  today: string;
  locations: LocationDto[];
  shifts: ShiftDto[];
  canEdit: boolean;
  actions: PlannerActions;
  /** The planning rules' findings by shift id. */
  findings: Map<number, FindingDto[]>;
  /** Holiday names by day (all locations) and by "locationId|date" (some of them), see holidayPlaces. */
  holidays: { byDay: Map<string, string[]>; byCell: Map<string, string[]> };
  /** Applicants per open shift id (planners only; staff get none). */
  applicants?: Map<number, unknown[]>;
};

/**
 * One row per location, one column per weekday Mo–So, with totals per
 * location and per day. Scrolls sideways in its own box on small screens,
 * the location column staying in place.
 */
export const WeekGrid = memo(function WeekGrid(props: Props) {
  const { weekStart, today, locations, shifts, canEdit, actions, findings, holidays } = props;
  const days = Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));
  const byCell = useMemo(() => toCells(shifts), [shifts]);
  const cellHours = (locationId: number, day: string) =>
    sumHours((byCell.get(`${locationId}|${day}`) ?? []).map((shift) => shift.hours));

  return (
    <div
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
      role="region"
      aria-label="Wochenplan"
      tabIndex={0}
    >
      <table className="w-full min-w-[860px] table-fixed border-collapse text-sm">
        <colgroup>
          <col className="w-28 lg:w-36" />
          {days.map((day) => (
            <col key={day} />
          ))}
          <col className="w-20" />
        </colgroup>
        <thead>
          <tr className="border-b border-slate-200 bg-slate-50 align-top">
            <th scope="col" className="sticky left-0 z-10 bg-slate-50 px-3 py-2 text-left font-medium text-slate-600">
              Standort
            </th>
            <DayHeaders
              days={days}
              today={today}
              holidays={holidays.byDay}
              onCopy={canEdit ? actions.copyDay : undefined}
            />
            <th scope="col" className="px-2 py-2 text-right font-medium text-slate-600">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {locations.map((location) => (
            <tr key={location.id} className="border-b border-slate-100 align-top">
              <th scope="row" className="sticky left-0 z-10 bg-white px-3 py-2 text-left font-medium text-slate-900">
                <span className="flex items-start gap-2">
                  <span
                    className="mt-1 size-3 shrink-0 rounded-sm"
                    style={{ backgroundColor: location.color }}
                    aria-hidden="true"
                  />
                  <span className="block overflow-hidden text-ellipsis" title={location.name}>
                    {location.name}
                  </span>
                </span>
                {canEdit && actions.copyDay && (
                  <button
                    type="button"
                    className="mt-1 block min-h-8 text-xs font-normal text-blue-700 underline-offset-2 hover:underline"
                    aria-label={`Zeile kopieren: ${location.name}`}
                    onClick={() => actions.copyDay?.(weekStart, location.id)}
                  >
                    Zeile kopieren …
                  </button>
                )}
              </th>
              {days.map((day, i) => (
                <PlannerCell
                  key={day}
                  target={{ date: day, locationId: location.id }}
                  cellKey={`loc-${location.id}|${day}`}
                  weekStart={weekStart}
                  isToday={day === today}
                  shifts={byCell.get(`${location.id}|${day}`) ?? NO_SHIFTS}
                  heading="employee"
                  place={`${location.name}, ${WEEKDAYS_SHORT[i]} ${formatDayMonth(day)}`}
                  canEdit={canEdit}
                  actions={actions}
                  findings={findings}
                  applicants={props.applicants}
                  holidays={holidays.byCell.get(`${location.id}|${day}`)}
                />
              ))}
              <td className="border-l border-slate-100 px-2 py-2 text-right tabular-nums text-slate-700">
                {formatHours(sumHours(days.map((day) => cellHours(location.id, day))))} h
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="bg-slate-50 font-semibold">
            <th scope="row" className="sticky left-0 z-10 bg-slate-50 px-3 py-2 text-left">
              Total Tag
            </th>
            {days.map((day) => (
              <td key={day} className="border-l border-slate-100 px-2 py-2 tabular-nums">
                {formatHours(sumHours(locations.map((location) => cellHours(location.id, day))))} h
              </td>
            ))}
            <td className="border-l border-slate-100 px-2 py-2 text-right tabular-nums">
              {formatHours(sumHours(shifts.map((shift) => shift.hours)))} h
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
});

const NO_SHIFTS: ShiftDto[] = [];
