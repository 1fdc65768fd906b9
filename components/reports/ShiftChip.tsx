import type { ShiftDto } from "@/lib/shared/api-types";
import { formatHours } from "@/lib/shared/hours";

/**
 * One shift of the preview: time and hours, who works (or "Offen" on the
 * unassigned colours of SPEC §9) and the location with its colour dot.
 */
export function ShiftChip({ shift }: { shift: ShiftDto }) {
  const open = shift.employee_id === null;
  return (
    <div
      className={`rounded-lg border px-3 py-2 text-sm ${open ? "border-[#F59E0B] bg-[#FEF3C7]" : "border-slate-200 bg-white"}`}
    >
      <p className="font-semibold tabular-nums text-slate-900">
        {shift.start_time}–{shift.end_time} · {formatHours(shift.hours)} h
      </p>
      <p className={open ? "font-semibold text-amber-900" : "text-slate-800"}>{open ? "Offen" : shift.employee_name}</p>
      {shift.is_custom && shift.custom_name && <p className="text-xs text-slate-600 italic">{shift.custom_name}</p>}
      <p className="mt-1 flex items-center gap-1.5 text-xs text-slate-600">
        <span
          className="size-2.5 shrink-0 rounded-full"
          style={{ backgroundColor: shift.location_color }}
          aria-hidden="true"
        />
        {shift.location_name}
      </p>
    </div>
  );
}
