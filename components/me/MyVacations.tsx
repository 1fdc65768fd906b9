"use client";
import dynamic from "next/dynamic";
import { useState } from "react";
import { formatDays } from "@/components/vacations/vacation-text";
import { VacationStatusBadge } from "@/components/vacations/VacationStatusBadge";
import { Button } from "@/components/ui/Button";
import { ConfirmDelete } from "@/components/ui/ConfirmDelete";
import { api } from "@/lib/client/api";
import type { VacationBalance, VacationDto } from "@/lib/shared/api-types";
import { formatDate } from "@/lib/shared/format";

// Loaded when first opened: the form and its validation stay out of the page's first load.
const VacationRequestDialog = dynamic(() => import("./VacationRequestDialog").then((m) => m.VacationRequestDialog));

type Props = {
  employeeId: number;
  vacations: VacationDto[];
  balance: VacationBalance;
  onChanged: () => Promise<void>;
};

/** Own vacations and requests with the year's balance; a request can be withdrawn while it waits (§26.3). */
export function MyVacations({ employeeId, vacations, balance, onChanged }: Props) {
  const [requesting, setRequesting] = useState(false);
  const [withdrawing, setWithdrawing] = useState<VacationDto | null>(null);
  // What can still be asked for; never below 0 (a total lowered after requests were made).
  const free = Math.max(0, balance.remaining - balance.pending);

  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-3 gap-2 text-center">
        <BalanceTile label="Bezogen" value={balance.used} />
        <BalanceTile label="Beantragt" value={balance.pending} />
        <BalanceTile label="Verbleibend" value={free} strong />
      </dl>
      <p className="text-sm text-slate-600">
        {balance.year}: {formatDays(balance.total)} Tage Guthaben. Beantragte Tage sind reserviert, bis die Planung
        entscheidet.
      </p>
      <Button onClick={() => setRequesting(true)} className="max-sm:w-full">
        Ferien beantragen
      </Button>
      {vacations.length === 0 ? (
        <p className="text-sm text-slate-600">Noch keine Ferien in diesem Jahr.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {vacations.map((vacation) => (
            <li key={vacation.id} className="space-y-1 px-4 py-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium tabular-nums text-slate-900">
                  {formatDate(vacation.start_date)} – {formatDate(vacation.end_date)}
                </span>
                <VacationStatusBadge status={vacation.status} />
              </div>
              <p className="text-sm text-slate-600">
                {vacation.days_count === 1 ? "1 Tag" : `${formatDays(vacation.days_count)} Tage`}
                {vacation.notes && ` · ${vacation.notes}`}
              </p>
              {vacation.status === "rejected" && vacation.rejection_reason && (
                <p className="text-sm text-slate-800">Begründung: {vacation.rejection_reason}</p>
              )}
              {vacation.status === "requested" && (
                <Button variant="secondary" size="sm" onClick={() => setWithdrawing(vacation)}>
                  Antrag zurückziehen
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {requesting && (
        <VacationRequestDialog
          employeeId={employeeId}
          available={free}
          onClose={() => setRequesting(false)}
          onSaved={() => {
            setRequesting(false);
            void onChanged();
          }}
        />
      )}
      <ConfirmDelete
        item={withdrawing}
        title="Antrag zurückziehen?"
        message={(vacation) =>
          `Der Ferienantrag vom ${formatDate(vacation.start_date)} bis ${formatDate(vacation.end_date)} wird gelöscht.`
        }
        confirmLabel="Zurückziehen"
        remove={(vacation) => api.delete(`/vacations/${vacation.id}`)}
        success="Antrag zurückgezogen!"
        onClose={() => setWithdrawing(null)}
        onDeleted={onChanged}
      />
    </div>
  );
}

function BalanceTile({ label, value, strong = false }: { label: string; value: number; strong?: boolean }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-2 py-3">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className={`text-xl tabular-nums ${strong ? "font-bold text-slate-900" : "font-semibold text-slate-800"}`}>
        {formatDays(value)}
      </dd>
    </div>
  );
}
