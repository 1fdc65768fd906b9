"use client";
import { monthLabel } from "@/lib/shared/periods";
import { RecordDownload } from "./RecordDownload";

/**
 * "Lohndaten" of a month (docs/PRODUCT-RULES.md §34.4): the DATEV LODAS file and the CSV. The server refuses, with
 * a toast naming who, while a month is not approved or a personnel number or wage type is missing.
 */
export function PayrollExport({ month }: { month: string }) {
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={`Lohndaten ${monthLabel(month)}`}>
      <span className="text-sm font-medium text-slate-700">Lohndaten {monthLabel(month)}:</span>
      <RecordDownload
        label="DATEV LODAS"
        path={`/exports/payroll?month=${month}&format=datev-lodas`}
        fallbackFilename={`lodas-${month}.txt`}
      />
      <RecordDownload
        label="CSV"
        path={`/exports/payroll?month=${month}&format=csv`}
        fallbackFilename={`lohn-${month}.csv`}
      />
    </div>
  );
}
