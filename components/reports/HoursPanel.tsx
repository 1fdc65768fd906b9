"use client";
import { inputClass } from "@/components/ui/Field";
import { api } from "@/lib/client/api";
import { useResource } from "@/lib/client/use-resource";
import { periodRange, type Period } from "@/lib/shared/periods";
import { HoursTable } from "./HoursTable";
import { PdfDownloadButton } from "./PdfDownloadButton";
import { PeriodData } from "./PeriodData";
import { PeriodPicker } from "./PeriodPicker";
import { ReportToolbar } from "./ReportToolbar";

type Props = {
  period: Period;
  onPeriodChange: (period: Period) => void;
  /** "" for everyone. */
  employeeId: string;
  onEmployeeChange: (employeeId: string) => void;
};

/** Stundenbericht tab: target and scheduled hours per employee (all or one), and the hours PDF. */
export function HoursPanel({ period, onPeriodChange, employeeId, onEmployeeChange }: Props) {
  const range = periodRange(period);
  const query = new URLSearchParams({
    start_date: range.start,
    end_date: range.end,
    ...(employeeId && { employee_id: employeeId }),
  }).toString();
  const report = useResource(
    (signal) => api.get(`/reports/hours?${query}`, signal),
    "Fehler beim Laden der Daten",
    query,
  );
  const employees = useResource((signal) => api.get("/employees", signal), "Fehler beim Laden der Daten");

  return (
    <div className="space-y-6">
      <ReportToolbar
        period={period}
        action={
          <PdfDownloadButton
            label="Stundenbericht als PDF"
            path={`/reports/hours/pdf?${query}`}
            fallbackFilename={`Stundenbericht_${range.start}_${range.end}.pdf`}
          />
        }
      >
        <PeriodPicker value={period} onChange={onPeriodChange} />
        <div className="space-y-1">
          <label htmlFor="report-employee" className="block text-sm font-medium text-slate-700">
            Mitarbeiter
          </label>
          <select
            id="report-employee"
            value={employeeId}
            onChange={(event) => onEmployeeChange(event.target.value)}
            className={`${inputClass} min-h-11 w-auto max-w-full`}
          >
            <option value="">Alle Mitarbeiter</option>
            {employees.data?.map((employee) => (
              <option key={employee.id} value={String(employee.id)}>
                {employee.last_name}, {employee.first_name}
              </option>
            ))}
          </select>
        </div>
      </ReportToolbar>
      <PeriodData resource={report} currentKey={query}>
        {(data) => <HoursTable report={data} />}
      </PeriodData>
    </div>
  );
}
