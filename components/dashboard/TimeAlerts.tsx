import { clockTime } from "@/components/me/stamp-text";
import { IntentLink } from "@/components/ui/IntentLink";
import type { DashboardDto } from "@/lib/shared/api-types";
import { classNames } from "@/lib/shared/class-names";
import { formatDate, formatTimestampDate } from "@/lib/shared/format";

/**
 * For planners (docs/PRODUCT-RULES.md §32.8): "Ausstempeln vergessen?" with each running entry flagged forgotten
 * (name, since when) and a link to the time screen, "Arztzeugnis fehlt: n", and the "Ich bin krank" reports running
 * today or later. Nothing when there is nothing to do.
 */
export function TimeAlerts({ dashboard }: { dashboard: DashboardDto }) {
  const forgotten = dashboard.forgotten_clock_outs;
  const { sick_reports: reports, certificates_missing: missing } = dashboard.absences;
  if (forgotten.length === 0 && reports.length === 0 && missing === 0) return null;
  const box = "rounded-xl border p-4 text-sm";
  return (
    <div className="space-y-3">
      {forgotten.length > 0 && (
        <section aria-labelledby="forgotten-heading" className={classNames(box, "border-amber-400 bg-amber-50")}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="forgotten-heading" className="font-semibold text-amber-950">
              ⚠ Ausstempeln vergessen? ({forgotten.length})
            </h2>
            <IntentLink href="/time" className="font-medium text-amber-950 underline underline-offset-2">
              Zur Zeiterfassung
            </IntentLink>
          </div>
          <ul className="mt-2 space-y-1 text-amber-950" data-testid="forgotten-list">
            {forgotten.map((entry) => (
              <li key={entry.entry_id}>
                {entry.employee_name}: eingestempelt seit {formatTimestampDate(entry.since)}, {clockTime(entry.since)}
              </li>
            ))}
          </ul>
        </section>
      )}
      {(reports.length > 0 || missing > 0) && (
        <section aria-labelledby="sick-heading" className={classNames(box, "border-slate-200 bg-white")}>
          <h2 id="sick-heading" className="font-semibold text-slate-900">
            Krankmeldungen
          </h2>
          {missing > 0 && (
            <p className="mt-1 font-medium text-amber-900" data-testid="certificates-missing">
              ⚠ Arztzeugnis fehlt: {missing}
            </p>
          )}
          {reports.length > 0 && (
            <ul className="mt-2 divide-y divide-slate-100">
              {reports.map((report) => (
                <li
                  key={report.absence_id}
                  className="flex min-h-11 flex-wrap items-center justify-between gap-x-4 py-2"
                >
                  <span className="font-medium text-slate-900">
                    {report.first_name} {report.last_name}
                  </span>
                  <span className="tabular-nums text-slate-700">
                    krank {formatDate(report.start_date)}
                    {report.end_date !== report.start_date && ` – ${formatDate(report.end_date)}`} · gemeldet{" "}
                    {formatTimestampDate(report.created_at)}, {clockTime(report.created_at)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
