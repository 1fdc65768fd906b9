import "server-only";
import { db } from "@/lib/server/db/client";
import { printTimestamp } from "@/lib/server/reports/pdf/print-timestamp";
import { pdfResponse, renderPdf } from "@/lib/server/reports/pdf/render-pdf";
import { buildWorkRecord, workRecordFileName } from "./work-record";
import { csvResponse, workRecordCsv } from "./work-record-csv";

/**
 * The "Arbeitszeitnachweis" of one employee and month as a download (docs/PRODUCT-RULES.md §32.7): the same for the
 * employee's own routes (app/api/me/time-record) and the managers' (app/api/timesheets/record).
 */
export async function workRecordDownload(
  format: "pdf" | "csv",
  { employeeId, month }: { employeeId: number; month: string },
): Promise<Response> {
  const record = await buildWorkRecord(db, { employeeId, month });
  const filename = workRecordFileName(record, format);
  if (format === "csv") return csvResponse(workRecordCsv(record), filename);
  const pdf = await renderPdf({ kind: "work-record", record, printedAt: printTimestamp() });
  return pdfResponse(pdf, filename);
}
