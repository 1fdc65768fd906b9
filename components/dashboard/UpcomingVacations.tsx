import { IntentLink } from "@/components/ui/IntentLink";
import type { VacationDto } from "@/lib/shared/api-types";
import { formatDate } from "@/lib/shared/format";

/** Up to five running or upcoming vacations by start; a link to all when there are more. */
export function UpcomingVacations({ vacations, total }: { vacations: VacationDto[]; total: number }) {
  return (
    <section aria-labelledby="vacations-heading" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="vacations-heading" className="mb-3 font-semibold">
        Ferien: laufend und in den nächsten 30 Tagen
      </h2>
      {vacations.length === 0 ? (
        <p className="text-sm text-slate-600">Keine Ferien in den nächsten 30 Tagen.</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {vacations.map((vacation) => (
            <li key={vacation.id} className="flex min-h-11 flex-wrap items-center justify-between gap-x-4 py-2">
              <span className="font-medium text-slate-900">
                {vacation.first_name} {vacation.last_name}
              </span>
              <span className="tabular-nums text-slate-700">
                {formatDate(vacation.start_date)} – {formatDate(vacation.end_date)} · {vacation.days_count}{" "}
                {vacation.days_count === 1 ? "Tag" : "Tage"}
              </span>
            </li>
          ))}
        </ul>
      )}
      {total > vacations.length && (
        <IntentLink
          href="/vacations"
          className="mt-3 inline-block text-sm font-medium text-accent-dark underline underline-offset-2"
        >
          Alle {total} Ferien ansehen
        </IntentLink>
      )}
    </section>
  );
}
