"use client";
import type { ShiftDto } from "@/lib/shared/api-types";
import { formatHours } from "@/lib/shared/hours";

type Props = { shift: ShiftDto; onEdit?: () => void; onDelete?: () => void };

/**
 * A shift in the grid (UX.md): location colour as left border, the employee
 * or "Offen", "09:00–17:00 · 8.0 h". Unassigned shifts are #FEF3C7 with a
 * #F59E0B border and the word "Offen". The delete button appears on hover
 * and on keyboard focus.
 */
export function ShiftChip({ shift, onEdit, onDelete }: Props) {
  const open = shift.employee_id === null;
  const label = `${shift.employee_name ?? "Offen"}, ${shift.start_time}–${shift.end_time}, ${formatHours(shift.hours)} Stunden${shift.is_custom && shift.custom_name ? `, ${shift.custom_name}` : ""}`;
  const body = (
    <>
      <span className={`block break-words font-medium leading-tight ${open ? "text-amber-900" : "text-slate-900"}`}>
        {shift.employee_name ?? "Offen"}
      </span>
      {/* The time on a line of its own and the hours after it, so narrow columns wrap between them, not inside. */}
      <span className="flex flex-wrap gap-x-1 tabular-nums text-slate-700">
        <span className="whitespace-nowrap">
          {shift.start_time}–{shift.end_time}
        </span>
        <span className="whitespace-nowrap">· {formatHours(shift.hours)} h</span>
      </span>
      {shift.is_custom && shift.custom_name && (
        <span className="block break-words italic text-slate-600">{shift.custom_name}</span>
      )}
    </>
  );
  return (
    <div
      data-testid="shift"
      data-open={open || undefined}
      className={`group relative rounded-md border border-l-4 text-xs ${open ? "border-[#F59E0B] bg-[#FEF3C7]" : "border-slate-200 bg-white"}`}
      style={{ borderLeftColor: open ? "#F59E0B" : shift.location_color }}
    >
      {onEdit ? (
        <button
          type="button"
          onClick={onEdit}
          className="block w-full rounded-md px-1.5 py-1 pr-5 text-left hover:bg-slate-900/5"
        >
          {/* The visible text is the button's name (WCAG 2.5.3), introduced for screen readers. */}
          <span className="sr-only">Schicht bearbeiten: </span>
          {body}
        </button>
      ) : (
        <div className="px-1.5 py-1" aria-label={label}>
          {body}
        </div>
      )}
      {onDelete && (
        <button
          type="button"
          onClick={onDelete}
          aria-label={`Schicht löschen: ${label}`}
          className="absolute right-0.5 top-0.5 rounded p-1 text-slate-500 opacity-0 hover:bg-red-50 hover:text-red-700 focus:opacity-100 group-hover:opacity-100 group-focus-within:opacity-100 max-lg:opacity-100"
        >
          <svg width="14" height="14" viewBox="0 0 20 20" aria-hidden="true">
            <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      )}
    </div>
  );
}
