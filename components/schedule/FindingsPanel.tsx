"use client";
import { useEffect, useRef } from "react";
import { FINDING_LABEL, FindingIcon } from "@/components/ui/FindingIcon";
import type { FindingDto, ShiftDto } from "@/lib/shared/api-types";
import { classNames } from "@/lib/shared/class-names";
import { isoWeekday } from "@/lib/shared/dates";
import { formatDayMonth, WEEKDAYS_SHORT } from "@/lib/shared/format";
import { FINDINGS_PANEL_ID } from "./FindingsToggle";

/**
 * The week's findings, errors and warnings in the order of their shifts, each with its day. Choosing one leads to
 * its shift (`onSelect`: the planner opens it for managers, shows and focuses its chip for everyone else). Loaded
 * when first opened (next/dynamic), not with the planner; its button is ./FindingsToggle.tsx.
 */
export function FindingsPanel({
  findings,
  shifts,
  focus,
  onSelect,
}: {
  findings: FindingDto[];
  shifts: ShiftDto[];
  /** A chip's marker asked for its shift (each request a new object): its first finding takes the focus. */
  focus: { shiftId: number } | null;
  onSelect: (shift: ShiftDto) => void;
}) {
  const byId = new Map(shifts.map((shift) => [shift.id, shift]));
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!focus) return;
    const button = section.current?.querySelector<HTMLElement>(`[data-finding-shift="${focus.shiftId}"]`);
    button?.scrollIntoView({ block: "nearest" });
    button?.focus();
  }, [focus]);
  return (
    <section
      ref={section}
      id={FINDINGS_PANEL_ID}
      aria-labelledby={`${FINDINGS_PANEL_ID}-heading`}
      className="rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id={`${FINDINGS_PANEL_ID}-heading`} className="mb-2 text-sm font-semibold text-slate-900">
        Hinweise ({findings.length})
      </h2>
      <ul className="divide-y divide-slate-100 text-sm">
        {findings.map((finding, index) => {
          const shift = byId.get(finding.shift_id);
          return (
            <li key={`${finding.shift_id}-${finding.code}-${finding.related_shift_id ?? 0}-${index}`}>
              <button
                type="button"
                disabled={!shift}
                onClick={() => shift && onSelect(shift)}
                data-finding-shift={finding.shift_id}
                className={classNames(
                  "flex min-h-11 w-full items-start gap-2 rounded-md px-2 py-2 text-left hover:bg-slate-50",
                  "disabled:cursor-default",
                )}
              >
                <span className="mt-0.5">
                  <FindingIcon severity={finding.severity} />
                </span>
                {/* The day beside the message, above it on phones where every column counts. */}
                <span className="flex min-w-0 flex-col sm:flex-row sm:gap-2">
                  {shift && (
                    <span className="shrink-0 tabular-nums text-slate-600 sm:w-20">
                      {WEEKDAYS_SHORT[isoWeekday(shift.shift_date) - 1]} {formatDayMonth(shift.shift_date)}
                    </span>
                  )}
                  <span className={finding.severity === "error" ? "text-red-900" : "text-slate-900"}>
                    <strong className="font-semibold">{FINDING_LABEL[finding.severity]}:</strong> {finding.message}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
