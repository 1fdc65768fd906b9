"use client";
import { inputClass } from "@/components/ui/Field";
import type { LocationDto } from "@/lib/shared/api-types";
import { formatDate, WEEKDAYS_SHORT } from "@/lib/shared/format";
import { weekDays } from "./planner-moves";

type Props = {
  /** Prefix of the two selects' ids, so labels and tests find them. */
  idPrefix: string;
  weekStart: string;
  date: string;
  onDate: (date: string) => void;
  locations: LocationDto[];
  /** "" for the empty choice. */
  locationId: string;
  onLocation: (id: string) => void;
  /** What the empty location choice means here: "Alle Standorte" or "unverändert". */
  emptyLocation: string;
};

/** A day of the shown week and a location, side by side: the copy-day dialog's and the selection's choice (§31.7). */
export function DayAndLocationFields(props: Props) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="space-y-1">
        <label htmlFor={`${props.idPrefix}-day`} className="block text-sm font-medium text-slate-700">
          Tag
        </label>
        <select
          id={`${props.idPrefix}-day`}
          className={inputClass}
          value={props.date}
          onChange={(event) => props.onDate(event.target.value)}
        >
          {weekDays(props.weekStart).map((day, i) => (
            <option key={day} value={day}>
              {WEEKDAYS_SHORT[i]} {formatDate(day)}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1">
        <label htmlFor={`${props.idPrefix}-location`} className="block text-sm font-medium text-slate-700">
          Standort
        </label>
        <select
          id={`${props.idPrefix}-location`}
          className={inputClass}
          value={props.locationId}
          onChange={(event) => props.onLocation(event.target.value)}
        >
          <option value="">{props.emptyLocation}</option>
          {props.locations.map((location) => (
            <option key={location.id} value={location.id}>
              {location.name}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
