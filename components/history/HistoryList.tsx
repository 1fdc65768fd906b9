import { IntentLink } from "@/components/ui/IntentLink";
import type { AuditEntry } from "@/lib/shared/api-types";
import { AUDIT_KIND_LABELS } from "@/lib/shared/audit-kinds";
import { classNames } from "@/lib/shared/class-names";
import { formatDayMonth, formatTimestamp, isoWeekNumber } from "@/lib/shared/format";

/** The entries, newest first: time, sentence, person and kind; stacked on phones (docs/PRODUCT-RULES.md §27.5). */
export function HistoryList({ entries, busy }: { entries: AuditEntry[]; busy: boolean }) {
  return (
    <ol
      aria-label="Einträge"
      aria-busy={busy || undefined}
      className={classNames(
        "divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white",
        busy && "opacity-70",
      )}
    >
      {entries.map((entry) => (
        <li key={entry.id} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-baseline sm:gap-4">
          <time dateTime={entry.at} className="shrink-0 text-sm text-slate-600 tabular-nums sm:w-36">
            {formatTimestamp(entry.at)}
          </time>
          <div className="min-w-0 flex-1">
            <p className="break-words text-slate-900">{entry.sentence}</p>
            {entry.week && (
              // The entry's week in the planner (docs/PRODUCT-RULES.md §31.6).
              <IntentLink
                href={`/schedule?week=${entry.week}`}
                className={classNames(
                  "inline-flex min-h-11 items-center text-sm font-medium text-blue-700",
                  "underline underline-offset-2 sm:min-h-0",
                )}
              >
                Woche ansehen (KW {isoWeekNumber(entry.week)} · ab {formatDayMonth(entry.week)})
              </IntentLink>
            )}
          </div>
          <p className="flex shrink-0 flex-wrap items-center gap-2 text-sm text-slate-600">
            <span>{entry.user?.username ?? "System"}</span>
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
              {AUDIT_KIND_LABELS[entry.kind]}
            </span>
          </p>
        </li>
      ))}
    </ol>
  );
}
