import { EmptyState } from "@/components/ui/States";
import { classNames } from "@/lib/shared/class-names";
import { formatHours } from "@/lib/shared/hours";
import type { HoursReport, HoursReportRow } from "@/lib/shared/report-types";

const hours = (value: number | null) => (value === null ? "–" : `${formatHours(value)} h`);
const employment = (row: HoursReportRow) =>
  row.is_hourly ? "Stundenlohn" : `Fest (${formatHours(row.weekly_hours)} h/Woche)`;

/**
 * A difference with its sign: red under target, amber over it (as in the PDF), so it reads without colour too
 * (docs/PRODUCT-RULES.md §12.1, §29.5).
 */
function Difference({ value, strong = false }: { value: number | null; strong?: boolean }) {
  if (value === null) return <>–</>;
  const rounded = Math.round(value * 10) / 10 || 0; // -0.04 is shown as 0.0: no sign, not red
  const text = `${rounded > 0 ? "+" : ""}${formatHours(rounded === 0 ? 0 : value)} h`;
  return (
    <span
      className={classNames(rounded < 0 && "text-red-700", rounded > 0 && "text-amber-700", strong && "font-semibold")}
    >
      {text}
    </span>
  );
}

const days = (value: number) => formatHours(value).replace(/\.0$/, "");
const people = (count: number) => `${count} Mitarbeitende`;

const cell = "whitespace-nowrap px-3 py-2 text-right tabular-nums sm:px-4";
const head = "px-3 py-2 text-right font-medium sm:px-4";
// The name stays in view while a phone scrolls the figures sideways.
const nameCell = "sticky left-0 z-10 min-w-32 px-3 py-2 text-left sm:min-w-40 sm:px-4";
// Phones show the employment type under the name instead of in a column of its own.
const typeColumn = "hidden px-4 py-2 text-left sm:table-cell";

/** The hours report of docs/PRODUCT-RULES.md §12.1 as a table, with a totals row like the PDF. */
export function HoursTable({ report }: { report: HoursReport }) {
  if (report.employees.length === 0) {
    return (
      <EmptyState title="Keine Mitarbeitenden in diesem Zeitraum">
        Lege unter Mitarbeiter die Personen an, die du planst.
      </EmptyState>
    );
  }
  const { salaried, hourly } = report.totals;
  return (
    <div className="space-y-2">
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-sm sm:min-w-[760px]">
          <caption className="sr-only">Stundenbericht</caption>
          <thead className="h-11 border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className={`${nameCell} bg-slate-50 font-medium`}>
                Mitarbeiter
              </th>
              <th scope="col" className={`${typeColumn} font-medium`}>
                Anstellung
              </th>
              <th scope="col" className={head}>
                Soll
              </th>
              <th scope="col" className={head}>
                Geplant
              </th>
              <th scope="col" className={head}>
                Differenz
              </th>
              <th scope="col" className={head}>
                Schichten
              </th>
              <th scope="col" className={head}>
                Ferientage
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {report.employees.map((row) => (
              <tr key={row.employee_id} className="h-12">
                <th scope="row" className={`${nameCell} bg-white font-medium text-slate-900`}>
                  {row.last_name}, {row.first_name}
                  <span className="block whitespace-nowrap text-xs font-normal text-slate-600 sm:hidden">
                    {employment(row)}
                  </span>
                </th>
                <td className={`${typeColumn} whitespace-nowrap text-slate-700`}>{employment(row)}</td>
                <td className={cell}>{hours(row.target_hours)}</td>
                <td className={cell}>{hours(row.scheduled_hours)}</td>
                <td className={cell}>
                  <Difference value={row.difference} />
                </td>
                <td className={cell}>{row.shift_count}</td>
                <td className={cell}>{days(row.vacation_days)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t-2 border-slate-200 bg-slate-50 font-semibold">
            {/* Soll against Geplant among those with contract hours only; the hourly staff's hours on a line of their
                own (docs/PRODUCT-RULES.md §29.5). */}
            {salaried.employees > 0 && (
              <tr className="h-12">
                <th scope="row" className={`${nameCell} bg-slate-50`}>
                  Total Fest ({people(salaried.employees)})
                </th>
                <td className={typeColumn} />
                <td className={cell}>{hours(salaried.target_hours)}</td>
                <td className={cell}>{hours(salaried.scheduled_hours)}</td>
                <td className={cell}>
                  <Difference value={salaried.difference} strong />
                </td>
                <td className={cell}>{salaried.shift_count}</td>
                <td className={cell}>{days(salaried.vacation_days)}</td>
              </tr>
            )}
            {hourly.employees > 0 && (
              <tr className="h-12">
                <th scope="row" className={`${nameCell} bg-slate-50`}>
                  Total Stundenlohn ({people(hourly.employees)})
                </th>
                <td className={typeColumn} />
                <td className={cell}>–</td>
                <td className={cell}>{hours(hourly.scheduled_hours)}</td>
                <td className={cell}>–</td>
                <td className={cell}>{hourly.shift_count}</td>
                <td className={cell}>{days(hourly.vacation_days)}</td>
              </tr>
            )}
          </tfoot>
        </table>
      </div>
      <p className="text-xs text-slate-600">
        Soll = Wochenstunden ÷ 5 × (Arbeitstage Mo–Fr im Zeitraum − Ferientage). Mitarbeitende im Stundenlohn haben kein
        Soll; ihre Stunden stehen im Total Stundenlohn, nicht in der Differenz.
      </p>
    </div>
  );
}
