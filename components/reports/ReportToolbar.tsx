import type { ReactNode } from "react";
import { periodLabel, type Period } from "@/lib/shared/periods";

/** The card above a report: the chosen period spelled out with the download next to it, the choices below. */
export function ReportToolbar({
  period,
  children,
  action,
}: {
  period: Period;
  children: ReactNode;
  action: ReactNode;
}) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 aria-live="polite" className="text-lg font-semibold tabular-nums">
          {periodLabel(period)}
        </h2>
        <div className="max-sm:w-full max-sm:[&>button]:w-full">{action}</div>
      </div>
      <div className="mt-4 flex flex-wrap items-end gap-x-6 gap-y-4">{children}</div>
    </div>
  );
}
