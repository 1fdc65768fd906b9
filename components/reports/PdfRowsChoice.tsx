"use client";
import { classNames } from "@/lib/shared/class-names";
import type { SchedulePdfRows } from "@/lib/shared/schemas/report";

const CHOICES: { rows: SchedulePdfRows; label: string }[] = [
  { rows: "locations", label: "Standorte" },
  { rows: "employees", label: "Mitarbeitende" },
];

/**
 * What the schedule PDF's rows are (docs/PRODUCT-RULES.md §27.6): a radio group styled like the period's
 * segments, so arrow keys move between the two and the choice is read out as one group, "Zeilen".
 */
export function PdfRowsChoice({
  value,
  onChange,
}: {
  value: SchedulePdfRows;
  onChange: (rows: SchedulePdfRows) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-slate-700">Zeilen</legend>
      <div className="flex rounded-lg border border-slate-300 bg-white p-0.5">
        {CHOICES.map(({ rows, label }) => (
          <label
            key={rows}
            className={classNames(
              "relative flex min-h-10 items-center rounded-md px-4 text-sm font-medium",
              value === rows ? "bg-accent-dark text-white" : "text-slate-700 hover:bg-slate-100",
            )}
          >
            <input
              type="radio"
              name="schedule-pdf-rows"
              value={rows}
              checked={value === rows}
              onChange={() => onChange(rows)}
              // Invisible but covering the segment: the radio itself takes the click and the keyboard.
              className="absolute inset-0 cursor-pointer appearance-none rounded-md"
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
