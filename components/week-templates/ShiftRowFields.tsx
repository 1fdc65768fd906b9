import { inputClass, integerInput } from "@/components/ui/Field";
import type { LocationDto } from "@/lib/shared/api-types";
import { classNames } from "@/lib/shared/class-names";
import { crossesMidnight, formatHours } from "@/lib/shared/hours";
import type { LabourRules } from "@/lib/shared/rules/types";
import { breakValue, rowBreak, rowHours, suggestedBreak, type ShiftRow } from "./template-form";
import { WEEK } from "./weekdays";

/** Columns shared by the header above the rows and each row (from lg up; phones stack). Times fit "09:00 AM" too. */
export const ROW_GRID = "lg:grid-cols-[5rem_minmax(0,1.4fr)_8.75rem_8.75rem_5.5rem_minmax(0,1fr)_3.75rem_2.75rem]";

type Props = {
  row: ShiftRow;
  number: number;
  locations: LocationDto[];
  errors: Record<string, string>;
  disabled: boolean;
  labourRules: LabourRules;
  onChange: (row: ShiftRow) => void;
  onRemove: () => void;
};

/**
 * One shift of a template. Each control has its own label (visible on small screens,
 * for screen readers only from lg up, where the column header shows it).
 */
export function ShiftRowFields({ row, number, locations, errors, disabled, labourRules, onChange, onRemove }: Props) {
  const id = (field: string) => `template-shift-${row.key}-${field}`;
  const set = (field: keyof ShiftRow) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    onChange({ ...row, [field]: event.target.value });
  const breakText = rowBreak(row, labourRules);
  const minutes = breakValue(breakText);
  const minimum = suggestedBreak(row, labourRules);
  const hours = rowHours(row, labourRules);
  // Below the legal minimum the row says what the law asks (the rules' break warning, docs/PRODUCT-RULES.md §23).
  const belowMinimum = Number.isInteger(minutes) && minutes >= 0 && minutes < minimum;
  const control = (field: keyof ShiftRow, label: string, input: React.ReactNode) => (
    <div className={`space-y-1 ${field === "notes" ? "col-span-2 lg:col-span-1" : ""}`}>
      <label htmlFor={id(field)} className="block text-xs font-medium text-slate-700 lg:sr-only">
        {label}
      </label>
      {input}
      {errors[field] && (
        <p id={`${id(field)}-error`} className="text-sm text-red-700">
          {errors[field]}
        </p>
      )}
    </div>
  );
  const a11y = (field: string) => ({
    id: id(field),
    disabled,
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? `${id(field)}-error` : undefined,
  });

  return (
    <fieldset
      className={classNames(
        "grid grid-cols-2 items-start gap-2 rounded-lg border border-slate-200 p-3",
        "lg:rounded-none lg:border-0 lg:p-0",
        ROW_GRID,
      )}
    >
      <legend className="col-span-2 mb-1 text-sm font-medium text-slate-800 lg:sr-only">Schicht {number}</legend>
      {control(
        "day_of_week",
        "Tag",
        <select
          {...a11y("day_of_week")}
          value={row.day_of_week}
          onChange={set("day_of_week")}
          className={`${inputClass} min-h-11`}
        >
          {WEEK.map((day) => (
            <option key={day.dayOfWeek} value={day.dayOfWeek}>
              {day.short}
            </option>
          ))}
        </select>,
      )}
      {control(
        "location_id",
        "Standort",
        <select
          {...a11y("location_id")}
          value={row.location_id}
          onChange={set("location_id")}
          className={`${inputClass} min-h-11`}
        >
          <option value="">Standort wählen</option>
          {locations.map((location) => (
            <option key={location.id} value={location.id}>
              {location.name}
            </option>
          ))}
        </select>,
      )}
      {control(
        "start_time",
        "Von",
        <input
          {...a11y("start_time")}
          type="time"
          value={row.start_time}
          onChange={set("start_time")}
          className={`${inputClass} min-h-11`}
        />,
      )}
      {control(
        "end_time",
        "Bis",
        <input
          {...a11y("end_time")}
          type="time"
          value={row.end_time}
          onChange={set("end_time")}
          className={`${inputClass} min-h-11`}
        />,
      )}
      <div className="space-y-1">
        <label htmlFor={id("break_minutes")} className="block text-xs font-medium text-slate-700 lg:sr-only">
          Pause (Minuten)
        </label>
        <input
          {...a11y("break_minutes")}
          aria-describedby={
            [errors.break_minutes && `${id("break_minutes")}-error`, belowMinimum && `${id("break_minutes")}-hint`]
              .filter(Boolean)
              .join(" ") || undefined
          }
          {...integerInput}
          value={breakText}
          onChange={(event) => onChange({ ...row, break_minutes: event.target.value, breakFollows: false })}
          className={`${inputClass} min-h-11`}
        />
        {belowMinimum && (
          <p id={`${id("break_minutes")}-hint`} className="text-xs text-amber-900">
            Gesetzliche Mindestpause: {minimum} Min.
          </p>
        )}
        {errors.break_minutes && (
          <p id={`${id("break_minutes")}-error`} className="text-sm text-red-700">
            {errors.break_minutes}
          </p>
        )}
      </div>
      {control(
        "notes",
        "Notiz",
        <input {...a11y("notes")} value={row.notes} onChange={set("notes")} className={`${inputClass} min-h-11`} />,
      )}
      <p
        className={classNames(
          "flex min-h-11 flex-col justify-center text-sm tabular-nums text-slate-700",
          "lg:items-end lg:text-right",
        )}
      >
        {hours === null ? "–" : `${formatHours(hours)} h`}
        {hours !== null && crossesMidnight(row.start_time, row.end_time) && (
          <span className="text-xs leading-tight text-slate-600">bis Folgetag</span>
        )}
      </p>
      <button
        type="button"
        onClick={onRemove}
        disabled={disabled}
        aria-label={`Schicht ${number} entfernen`}
        className={classNames(
          "flex size-11 items-center justify-center justify-self-end rounded-lg text-slate-500",
          "hover:bg-red-50 hover:text-red-700 disabled:opacity-60",
        )}
      >
        <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
          <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </fieldset>
  );
}
