import type { HolidayDto } from "@/lib/shared/api-types";
import { formatDate, WEEKDAYS_SHORT } from "@/lib/shared/format";
import { isoWeekday } from "@/lib/shared/dates";

/**
 * The public holidays of the next four weeks (docs/PRODUCT-RULES.md §22.6), shown when there are any; a
 * holiday that applies to only some of the locations says to how many.
 */
export function UpcomingHolidays({ holidays, locationCount }: { holidays: HolidayDto[]; locationCount: number }) {
  return (
    <section aria-labelledby="holidays-heading" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="holidays-heading" className="mb-3 font-semibold">
        Feiertage in den nächsten 4 Wochen
      </h2>
      <ul className="divide-y divide-slate-100 text-sm">
        {holidays.map((holiday) => {
          const some = holiday.location_ids.length;
          return (
            <li
              key={`${holiday.date}|${holiday.name}`}
              className="flex min-h-11 flex-wrap items-center justify-between gap-x-4 py-2"
            >
              <span className="font-medium text-slate-900">{holiday.name}</span>
              <span className="tabular-nums text-slate-700">
                {WEEKDAYS_SHORT[isoWeekday(holiday.date) - 1]} {formatDate(holiday.date)}
                {some > 0 && some < locationCount && ` · ${some} von ${locationCount} Standorten`}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
