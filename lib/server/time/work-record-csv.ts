import "server-only";
import { stringify } from "csv-stringify/sync";
import { formatDate } from "@/lib/shared/format";
import { decimalHours, hoursMinutes } from "./work-record-format";
import type { WorkRecord } from "./work-record-types";

/**
 * The "Arbeitszeitnachweis" as CSV (docs/PRODUCT-RULES.md §32.7): UTF-8 with BOM, semicolons, CRLF, a German header
 * row, one row per entry (a day without one gets one row), then a total row. Excel in de-CH opens it as it is.
 * csv-stringify quotes; names (locations) are defused against spreadsheet formulas here.
 */
export const WORK_RECORD_CSV_HEADER = [
  "Datum",
  "Wochentag",
  "Soll (h:mm)",
  "Soll (h)",
  "Beginn",
  "Ende",
  "Pausen (min)",
  "Gearbeitet (h:mm)",
  "Gearbeitet (h)",
  "Differenz (h:mm)",
  "Differenz (h)",
  "Standort",
  "Abwesenheit",
  "Status",
  "Korrigiert",
];

/**
 * A name that a spreadsheet would run as a formula gets a leading apostrophe: =, +, -, @, % or | first, also after
 * blanks (spreadsheets trim them before they look).
 */
const text = (value: string | null) =>
  value === null ? "" : /^\s*[=+\-@%|]|^[\t\r]/.test(value) ? `'${value}` : value;

const orEmpty = (minutes: number | null, format: (value: number, signed?: boolean) => string, signed = false) =>
  minutes === null ? "" : format(minutes, signed);

export function workRecordCsv(record: WorkRecord): string {
  const lines = [WORK_RECORD_CSV_HEADER];
  for (const row of record.rows) {
    lines.push([
      formatDate(row.date),
      row.dayLabel.slice(0, 2),
      orEmpty(row.plannedMinutes, hoursMinutes),
      orEmpty(row.plannedMinutes, decimalHours),
      row.start ?? "",
      row.start === null ? "" : (row.end ?? "läuft"),
      orEmpty(row.breakMinutes, String),
      orEmpty(row.workedMinutes, hoursMinutes),
      orEmpty(row.workedMinutes, decimalHours),
      orEmpty(row.differenceMinutes, hoursMinutes, true),
      orEmpty(row.differenceMinutes, decimalHours, true),
      text(row.location),
      row.absence ?? "",
      row.status,
      row.corrected ? "ja" : "",
    ]);
  }
  const { plannedMinutes, workedMinutes, differenceMinutes } = record.totals;
  lines.push([
    "Total",
    "",
    hoursMinutes(plannedMinutes),
    decimalHours(plannedMinutes),
    "",
    "",
    "",
    hoursMinutes(workedMinutes),
    decimalHours(workedMinutes),
    hoursMinutes(differenceMinutes, true),
    decimalHours(differenceMinutes, true),
    "",
    "",
    record.approval.approved ? "genehmigt" : "offen",
    "",
  ]);
  return stringify(lines, { bom: true, delimiter: ";", record_delimiter: "windows" });
}

/** Response with the CSV as a download. */
export function csvResponse(csv: string, filename: string): Response {
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
