"use client";
import { Fragment } from "react";
import { Button } from "@/components/ui/Button";
import type { TimeAccountDto } from "@/lib/shared/api-types";
import { formatDate } from "@/lib/shared/format";
import { monthLabel } from "@/lib/shared/periods";
import { RecordDownload } from "./RecordDownload";
import { formatDifference, formatMinutes } from "./time-view";

type Props = {
  month: string;
  accounts: TimeAccountDto[];
  onBook: (account: TimeAccountDto) => void;
  onOpening: (account: TimeAccountDto) => void;
};

const FIGURE_COLUMNS = ["Übertrag", "Soll", "Gearbeitet", "Gutschrift", "Saldo", "Buchungen", "Neuer Übertrag"];

const hours = (minutes: number | null) => (minutes === null ? "–" : formatMinutes(minutes));
const signed = (minutes: number | null) => (minutes === null ? "–" : formatDifference(minutes));
const tone = (minutes: number | null) =>
  minutes === null || minutes === 0 ? "" : minutes < 0 ? "text-red-700" : "text-amber-800";

/**
 * "Zeitkonten" of a month on /time (docs/PRODUCT-RULES.md §34.3): per employee the balance brought in, target,
 * worked, credits, the month's balance, bookings and the new carried balance, provisional until approved; "Buchen",
 * "Anfangssaldo" and the Monatsabrechnung. Accounts not begun in the month are listed below by name, each name
 * opening "Anfangssaldo setzen" (§34.6): that is whom a manager gives one.
 */
export function AccountTable({ month, accounts, onBook, onOpening }: Props) {
  const running = accounts.filter((account) => account.months.length > 0);
  const notBegun = accounts.filter((account) => account.months.length === 0);
  return (
    <section aria-labelledby="accounts-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="accounts-heading" className="text-lg font-semibold">
        Zeitkonten {monthLabel(month)}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Saldo = gearbeitet + Gutschriften − Soll. Vorläufig, bis der Monat genehmigt ist.
      </p>
      {running.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Noch kein Zeitkonto in diesem Monat.</p>
      ) : (
        <>
          {/* Phones: a card per person; from md on, the table. */}
          <ul className="mt-3 space-y-3 md:hidden">
            {running.map((account) => (
              <AccountCard
                key={account.employee_id}
                account={account}
                month={month}
                onBook={onBook}
                onOpening={onOpening}
              />
            ))}
          </ul>
          <div className="mt-3 hidden overflow-x-auto md:block">
            <table className="w-full text-sm">
              <caption className="sr-only">Zeitkonten {monthLabel(month)}, Stunden in h:mm</caption>
              <thead>
                <tr className="border-b border-slate-200 text-left text-slate-600">
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Mitarbeitende
                  </th>
                  {FIGURE_COLUMNS.map((column) => (
                    <th key={column} scope="col" className="px-2 py-2 text-right font-medium">
                      {column}
                    </th>
                  ))}
                  <th scope="col" className="px-2 py-2 font-medium">
                    Status
                  </th>
                  <th scope="col" className="py-2 pl-2">
                    <span className="sr-only">Aktionen</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {running.map((account) => {
                  const figures = account.months[0];
                  const booked = figures.bookings
                    .map((b) => `${b.kind === "payout" ? "Auszahlung" : "Korrektur"}: ${b.reason}`)
                    .join("; ");
                  return (
                    <tr key={account.employee_id} className="border-b border-slate-100 align-top">
                      <th scope="row" className="py-2 pr-3 text-left font-medium">
                        {account.employee_name}
                        {account.is_hourly && (
                          <span className="block text-xs font-normal text-slate-600">Stundenlohn</span>
                        )}
                      </th>
                      <td className="px-2 py-2 text-right tabular-nums">{signed(figures.brought_minutes)}</td>
                      <td className="px-2 py-2 text-right tabular-nums">{hours(figures.target_minutes)}</td>
                      <td className="px-2 py-2 text-right tabular-nums">{hours(figures.worked_minutes)}</td>
                      <td className="px-2 py-2 text-right tabular-nums">{hours(figures.credit_minutes)}</td>
                      <td className={`px-2 py-2 text-right font-medium tabular-nums ${tone(figures.balance_minutes)}`}>
                        {signed(figures.balance_minutes)}
                      </td>
                      <td className="px-2 py-2 text-right tabular-nums" title={booked || undefined}>
                        {figures.bookings.length === 0 ? "–" : signed(figures.booking_minutes)}
                      </td>
                      <td
                        className={`px-2 py-2 text-right font-semibold tabular-nums ${tone(figures.carried_minutes)}`}
                      >
                        {signed(figures.carried_minutes)}
                      </td>
                      <td className="px-2 py-2">{figures.approved ? "genehmigt" : "vorläufig"}</td>
                      <td className="py-2 pl-2">
                        <AccountActions account={account} month={month} onBook={onBook} onOpening={onOpening} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
      {notBegun.length > 0 && (
        <p className="mt-3 text-sm text-slate-600">
          Noch ohne Zeitkonto (es beginnt mit dem ersten Zeiteintrag oder einem Anfangssaldo; ein Name öffnet
          «Anfangssaldo setzen»):{" "}
          {notBegun.map((account, index) => (
            <Fragment key={account.employee_id}>
              {index > 0 && ", "}
              {account.is_hourly ? (
                `${account.employee_name} (Stundenlohn)`
              ) : (
                <button
                  type="button"
                  className="inline-flex min-h-6 items-center font-medium text-accent-dark underline hover:no-underline"
                  onClick={() => onOpening(account)}
                  aria-label={`Anfangssaldo setzen für ${account.employee_name}`}
                >
                  {account.employee_name}
                </button>
              )}
            </Fragment>
          ))}
          .
        </p>
      )}
      {running.some((account) => account.starts_on && account.starts_on.slice(0, 7) === month) && (
        <p className="mt-2 text-xs text-slate-600">
          Beginn:{" "}
          {running
            .filter((account) => account.starts_on && account.starts_on.slice(0, 7) === month)
            .map((account) => `${account.employee_name} ab ${formatDate(account.starts_on!)}`)
            .join(", ")}
        </p>
      )}
    </section>
  );
}

type RowProps = Pick<Props, "month" | "onBook" | "onOpening"> & { account: TimeAccountDto };

function AccountActions({ account, month, onBook, onOpening }: RowProps) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {!account.is_hourly && !account.months[0].approved && (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => onBook(account)}
          aria-label={`Buchen für ${account.employee_name}`}
        >
          Buchen
        </Button>
      )}
      {/* Also in an approved month: the opening may lie elsewhere, and the server says when it is refused. */}
      {!account.is_hourly && (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => onOpening(account)}
          aria-label={`Anfangssaldo setzen für ${account.employee_name}`}
        >
          Anfangssaldo
        </Button>
      )}
      <RecordDownload
        label="Monatsabrechnung"
        path={`/time-accounts/statement/pdf?employee_id=${account.employee_id}&month=${month}`}
        fallbackFilename={`monatsabrechnung-${month}.pdf`}
      />
    </div>
  );
}

/** The same figures as a card, for phones. */
function AccountCard({ account, month, onBook, onOpening }: RowProps) {
  const figures = account.months[0];
  const lines: [string, string, string?][] = account.is_hourly
    ? [["Gearbeitet", hours(figures.worked_minutes)]]
    : [
        ["Übertrag", signed(figures.brought_minutes)],
        ["Soll", hours(figures.target_minutes)],
        ["Gearbeitet", hours(figures.worked_minutes)],
        ["Gutschrift", hours(figures.credit_minutes)],
        ["Saldo", signed(figures.balance_minutes), tone(figures.balance_minutes)],
        ["Buchungen", figures.bookings.length === 0 ? "–" : signed(figures.booking_minutes)],
        ["Neuer Übertrag", signed(figures.carried_minutes), `font-semibold ${tone(figures.carried_minutes)}`],
      ];
  return (
    <li className="rounded-lg border border-slate-200 p-3" aria-label={account.employee_name}>
      <p className="font-medium">
        {account.employee_name}
        <span className="ml-2 text-sm font-normal text-slate-600">
          {account.is_hourly ? "Stundenlohn · " : ""}
          {figures.approved ? "genehmigt" : "vorläufig"}
        </span>
      </p>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        {lines.map(([label, value, style]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className={`text-right tabular-nums ${style ?? ""}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-2">
        <AccountActions account={account} month={month} onBook={onBook} onOpening={onOpening} />
      </div>
    </li>
  );
}
