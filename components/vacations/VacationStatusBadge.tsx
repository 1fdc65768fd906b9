import type { VacationDto } from "@/lib/shared/api-types";
import { classNames } from "@/lib/shared/class-names";
import { statusLabel } from "./vacation-text";

/**
 * The three states look different in shape and sign, not only in colour (docs/PRODUCT-RULES.md §19, §26.3):
 * "Beantragt" an outlined, dashed pill with a clock, "Genehmigt" a filled green pill with a tick, "Abgelehnt" a
 * filled grey pill with a cross.
 */
const LOOKS = {
  requested: "border border-dashed border-amber-600 bg-white text-amber-900",
  approved: "border border-emerald-200 bg-emerald-100 text-emerald-900",
  rejected: "border border-slate-300 bg-slate-100 text-slate-700",
} as const;

function StatusIcon({ status }: { status: VacationDto["status"] }) {
  const common = { width: 12, height: 12, viewBox: "0 0 12 12", "aria-hidden": true, className: "shrink-0" } as const;
  if (status === "requested")
    return (
      <svg {...common}>
        <circle cx="6" cy="6" r="4.75" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <path d="M6 3.5V6l1.75 1.25" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
      </svg>
    );
  if (status === "approved")
    return (
      <svg {...common}>
        <path d="M2.5 6.25l2.25 2.25L9.5 3.5" fill="none" stroke="currentColor" strokeWidth="1.75" />
      </svg>
    );
  return (
    <svg {...common}>
      <path d="M3 3l6 6M9 3l-6 6" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
    </svg>
  );
}

export function VacationStatusBadge({ status }: { status: VacationDto["status"] }) {
  return (
    <span
      className={classNames(
        "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap",
        LOOKS[status],
      )}
    >
      <StatusIcon status={status} />
      {statusLabel(status)}
    </span>
  );
}
