// Renders a report to PDF bytes. Runs inside the PDF worker thread (and in
// tests directly), so it must not import the database.
import "server-only";
import { renderToBuffer } from "@react-pdf/renderer";
import { buildScheduleReport, type ScheduleData } from "@/lib/server/reports/build-schedule-report";
import type { HoursReport } from "@/lib/shared/report-types";
import { registerReactPdfFonts } from "./fonts";
import { HoursReportPdf } from "./hours-report-pdf";
import { renderSchedulePdf } from "./schedule-pdf";
import { WorkRecordPdf } from "@/lib/server/time/work-record-pdf";
import type { WorkRecord } from "@/lib/server/time/work-record-types";
import { StatementPdf } from "@/lib/server/time-accounts/statement-pdf";
import type { Statement } from "@/lib/server/time-accounts/statement-types";

export type PdfJob =
  | { kind: "schedule"; data: ScheduleData; printedAt: string; root: string }
  | { kind: "hours"; report: HoursReport; printedAt: string; root: string }
  | { kind: "work-record"; record: WorkRecord; printedAt: string; root: string }
  | { kind: "statement"; statement: Statement; printedAt: string; root: string };

/**
 * The schedule is drawn with pdfkit (it must be fast for hundreds of pages);
 * the short hours report is laid out by react-pdf.
 */
export async function renderPdfDocument(job: PdfJob): Promise<Uint8Array> {
  if (job.kind === "schedule")
    return renderSchedulePdf(buildScheduleReport(job.data), { printedAt: job.printedAt, root: job.root });
  registerReactPdfFonts(job.root);
  if (job.kind === "statement")
    return new Uint8Array(await renderToBuffer(<StatementPdf statement={job.statement} printedAt={job.printedAt} />));
  if (job.kind === "work-record")
    return new Uint8Array(await renderToBuffer(<WorkRecordPdf record={job.record} printedAt={job.printedAt} />));
  return new Uint8Array(await renderToBuffer(<HoursReportPdf report={job.report} printedAt={job.printedAt} />));
}
