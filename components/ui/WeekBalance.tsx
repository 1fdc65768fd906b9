import { formatHours } from "@/lib/shared/hours";

/**
 * What is left of an employee's week (docs/PRODUCT-RULES.md §10.2): free hours, fully planned, or
 * the hours over in red with a "+" (colour never alone, docs/PRODUCT-RULES.md §19). Hourly
 * employees have no weekly target.
 */
export function WeekBalance({ remaining }: { remaining: number | null }) {
  if (remaining === null) return <span className="text-slate-600">Stundenlohn</span>;
  if (remaining < 0)
    return <span className="font-semibold text-red-700">+{formatHours(-remaining)} h Überstunden</span>;
  if (remaining === 0) return <span className="text-emerald-800">voll verplant</span>;
  return <span className="text-slate-700">{formatHours(remaining)} h frei</span>;
}
