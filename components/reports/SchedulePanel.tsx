"use client";
import { useState } from "react";
import { api } from "@/lib/client/api";
import { useResource } from "@/lib/client/use-resource";
import { periodRange, type Period } from "@/lib/shared/periods";
import type { SchedulePdfRows } from "@/lib/shared/schemas/report";
import { PdfDownloadButton } from "./PdfDownloadButton";
import { PdfRowsChoice } from "./PdfRowsChoice";
import { PeriodData } from "./PeriodData";
import { PeriodPicker } from "./PeriodPicker";
import { ReportToolbar } from "./ReportToolbar";
import { SchedulePreview } from "./SchedulePreview";

/** Arbeitsplan tab: the shifts of the period as a preview, and the schedule PDF with rows of locations or employees. */
export function SchedulePanel({
  period,
  onPeriodChange,
}: {
  period: Period;
  onPeriodChange: (period: Period) => void;
}) {
  const range = periodRange(period);
  const query = new URLSearchParams({ start_date: range.start, end_date: range.end }).toString();
  const [rows, setRows] = useState<SchedulePdfRows>("locations");
  const shifts = useResource((signal) => api.get(`/shifts?${query}`, signal), "Fehler beim Laden der Daten", query);

  return (
    <div className="space-y-6">
      <ReportToolbar
        period={period}
        action={
          <PdfDownloadButton
            label="Arbeitsplan als PDF"
            path={`/reports/schedule/pdf?${query}&rows=${rows}`}
            fallbackFilename={`Arbeitsplan_${range.start}_${range.end}.pdf`}
          />
        }
      >
        <PeriodPicker value={period} onChange={onPeriodChange} />
        <PdfRowsChoice value={rows} onChange={setRows} />
      </ReportToolbar>
      <PeriodData resource={shifts} currentKey={query}>
        {(list) => <SchedulePreview range={range} shifts={list} showWeeks={period.kind === "month"} />}
      </PeriodData>
    </div>
  );
}
