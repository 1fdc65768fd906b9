"use client";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { WhenLoaded } from "@/components/ui/States";
import { api, download, errorMessage } from "@/lib/client/api";
import { notify } from "@/lib/client/notify";
import { saveFile } from "@/lib/client/save-file";
import { useResource } from "@/lib/client/use-resource";
import type { TimeAccountDto } from "@/lib/shared/api-types";
import { monthLabel } from "@/lib/shared/periods";
import { hoursMinutes } from "@/lib/shared/time-entry-text";

const CLOSED = "flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4";

const signed = (minutes: number | null) => (minutes === null ? "–" : `${hoursMinutes(minutes, { signed: true })} h`);

/**
 * "Zeitkonto" on Meine Schichten (docs/PRODUCT-RULES.md §34.3, §34.5): the balance carried so far, each month's
 * balance and status over the last twelve months, and the Monatsabrechnung of each month as a PDF. Loaded when
 * opened.
 */
export function MyTimeAccount({ today }: { today: string }) {
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <div className={CLOSED}>
        <p className="text-sm text-slate-600">Dein Saldo, Monat für Monat, und deine Monatsabrechnungen.</p>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          Zeitkonto anzeigen
        </Button>
      </div>
    );
  return <MyTimeAccountOpen today={today} />;
}

function MyTimeAccountOpen({ today }: { today: string }) {
  const year = Number(today.slice(0, 4));
  // This year and the last: in January, December's statement is the one wanted.
  const account = useResource(
    async (signal) => {
      const [before, current] = await Promise.all([
        api.get(`/me/time-account?year=${year - 1}`, signal),
        api.get(`/me/time-account?year=${year}`, signal),
      ]);
      const [own] = current.accounts;
      return own && { ...own, months: [...(before.accounts[0]?.months ?? []), ...own.months].slice(-12) };
    },
    "Fehler beim Laden deines Zeitkontos",
    String(year),
  );
  return (
    <WhenLoaded resource={account} failedTitle="Dein Zeitkonto konnte nicht geladen werden.">
      {(loaded) => <AccountView account={loaded} />}
    </WhenLoaded>
  );
}

function AccountView({ account }: { account: TimeAccountDto | undefined }) {
  const months = [...(account?.months ?? [])].reverse();
  if (!account || months.length === 0)
    return (
      <p className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-600">
        Dein Zeitkonto beginnt mit deinem ersten Zeiteintrag.
      </p>
    );
  const latest = months[0];
  return (
    <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      {account.is_hourly ? (
        <p className="text-sm text-slate-700">
          Im Stundenlohn zählt die gearbeitete Zeit: es gibt kein Soll und keinen Saldo.
        </p>
      ) : (
        <p>
          <span className="text-sm text-slate-600">Übertrag Ende {monthLabel(latest.month)}</span>
          <span className="block text-2xl font-semibold tabular-nums" data-testid="account-carried">
            {signed(latest.carried_minutes)}
          </span>
          {latest.provisional && <span className="text-sm text-slate-600">vorläufig, bis der Monat genehmigt ist</span>}
        </p>
      )}
      <ul className="divide-y divide-slate-100">
        {months.map((month) => (
          <li key={month.month} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <div>
              <p className="font-medium">{monthLabel(month.month)}</p>
              <p className="text-sm text-slate-600">
                {account.is_hourly
                  ? `Gearbeitet ${hoursMinutes(month.worked_minutes)} h`
                  : `Saldo ${signed(month.balance_minutes)} · Übertrag ${signed(month.carried_minutes)}`}
                {" · "}
                {month.approved ? "genehmigt" : "vorläufig"}
              </p>
            </div>
            <StatementButton month={month.month} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function StatementButton({ month }: { month: string }) {
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      const { blob, filename } = await download(`/me/time-account/statement/pdf?month=${month}`);
      saveFile(blob, filename ?? `monatsabrechnung-${month}.pdf`);
      notify.success("Monatsabrechnung wurde heruntergeladen!");
    } catch (error) {
      notify.error(errorMessage(error, "Fehler beim Herunterladen der Monatsabrechnung"));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      size="sm"
      variant="secondary"
      onClick={run}
      disabled={busy}
      aria-label={`Monatsabrechnung ${monthLabel(month)}`}
    >
      {busy ? "Wird erstellt..." : "Monatsabrechnung (PDF)"}
    </Button>
  );
}
