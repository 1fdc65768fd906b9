"use client";
import { useState } from "react";
import { inputClass } from "@/components/ui/Field";
import { today } from "@/lib/client/today";
import { classNames } from "@/lib/shared/class-names";
import {
  addDays,
  FIRST_WEEK_START,
  isDateInWindow,
  LAST_WEEK_START,
  MAX_MONTH,
  MAX_YEAR,
  MIN_MONTH,
  MIN_YEAR,
} from "@/lib/shared/dates";
import { isMonthValue, samePeriod, shiftMonth, type Period, type PeriodKind } from "@/lib/shared/periods";

type Props = { value: Period; onChange: (period: Period) => void };

// A week's report asks for its Monday–Sunday, so a week date must name a week wholly in the API's window
// (docs/PRODUCT-RULES.md §30.1): 03.01.2000 to 27.12.2099; 01.01.2000 would ask from 27.12.1999 and be refused.
const LAST_WEEK_DAY = addDays(LAST_WEEK_START, 6);

const KINDS: { kind: PeriodKind; label: string }[] = [
  { kind: "week", label: "Woche" },
  { kind: "month", label: "Monat" },
];

function shortcuts(): { label: string; period: Period }[] {
  const now = today();
  return [
    { label: "Diese Woche", period: { kind: "week", date: now } },
    { label: "Dieser Monat", period: { kind: "month", date: now } },
    { label: "Letzter Monat", period: { kind: "month", date: shiftMonth(now, -1) } },
  ];
}

/**
 * Week (any date of it) or month, and the shortcuts of docs/PRODUCT-RULES.md §16.9; laid out as items
 * of the toolbar row.
 */
export function PeriodPicker({ value, onChange }: Props) {
  // What the user is typing; the period only changes once the input holds a whole date.
  const [draft, setDraft] = useState<string | null>(null);
  const inputValue = draft ?? (value.kind === "week" ? value.date : value.date.slice(0, 7));

  function choose(period: Period) {
    setDraft(null);
    onChange(period);
  }

  function type(raw: string) {
    // Typing a year digit by digit passes through 0002, 0020, 0204: no period (and no request) for those, nor for
    // a year outside the API's window (docs/PRODUCT-RULES.md §30.1).
    const plausible = raw.slice(0, 4) >= String(MIN_YEAR) && raw.slice(0, 4) <= String(MAX_YEAR);
    const inWholeWeek = isDateInWindow(raw) && raw >= FIRST_WEEK_START && raw <= LAST_WEEK_DAY;
    if (plausible && value.kind === "week" && inWholeWeek) choose({ kind: "week", date: raw });
    else if (plausible && value.kind === "month" && isMonthValue(raw)) choose({ kind: "month", date: `${raw}-01` });
    else setDraft(raw);
  }

  return (
    <>
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-700">Zeitraum</legend>
        <div className="flex rounded-lg border border-slate-300 bg-white p-0.5">
          {KINDS.map(({ kind, label }) => (
            <label
              key={kind}
              className={classNames(
                "relative flex min-h-10 items-center rounded-md px-4 text-sm font-medium",
                value.kind === kind ? "bg-accent-dark text-white" : "text-slate-700 hover:bg-slate-100",
              )}
            >
              <input
                type="radio"
                name="report-period-kind"
                value={kind}
                checked={value.kind === kind}
                onChange={() => choose({ kind, date: value.date })}
                // Invisible but covering the segment: the radio itself takes the click and the keyboard.
                className="absolute inset-0 cursor-pointer appearance-none rounded-md"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="space-y-1">
        <label htmlFor="report-period-date" className="block text-sm font-medium text-slate-700">
          {value.kind === "week" ? "Datum in der Woche" : "Kalendermonat"}
        </label>
        <input
          key={value.kind}
          id="report-period-date"
          type={value.kind === "week" ? "date" : "month"}
          // The picker offers only the API's window (docs/PRODUCT-RULES.md §30.1); a month input takes yyyy-MM.
          min={value.kind === "week" ? FIRST_WEEK_START : MIN_MONTH}
          max={value.kind === "week" ? LAST_WEEK_DAY : MAX_MONTH}
          value={inputValue}
          onChange={(event) => type(event.target.value)}
          onBlur={() => setDraft(null)}
          className={`${inputClass} min-h-11 w-auto`}
        />
      </div>
      <div role="group" aria-label="Schnellauswahl" className="flex flex-wrap gap-2">
        {shortcuts().map(({ label, period }) => {
          const active = samePeriod(period, value);
          return (
            <button
              key={label}
              type="button"
              aria-pressed={active}
              onClick={() => choose(period)}
              className={classNames(
                "min-h-10 rounded-full border px-3 text-sm font-medium max-sm:min-h-11",
                active
                  ? "border-blue-300 bg-blue-50 text-blue-800"
                  : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
              )}
            >
              {label}
            </button>
          );
        })}
      </div>
    </>
  );
}
