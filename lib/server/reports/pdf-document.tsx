// Renders a report to PDF bytes. Runs inside the PDF worker thread (and in
// tests directly), so it must not import "server-only" or the database.
import { renderToBuffer } from "@react-pdf/renderer";
import { registerPdfFonts } from "@/components/pdf/fonts";
import { HoursReportPdf } from "@/components/pdf/HoursReportPdf";
import { SchedulePdf } from "@/components/pdf/SchedulePdf";
import { fontFile, lineCounter } from "@/components/pdf/text-lines";
import type { HoursReport, ScheduleReport } from "@/lib/shared/report-types";

export type PdfJob =
  | { kind: "schedule"; report: ScheduleReport; printedAt: string; root: string }
  | { kind: "hours"; report: HoursReport; printedAt: string; root: string };

// Widths of the schedule's columns in pt, less a safety margin (see components/pdf/SchedulePdf.tsx).
const DAY_TEXT_WIDTH = 84;
const NAME_TEXT_WIDTH = 76;

export async function renderPdfDocument(job: PdfJob): Promise<Uint8Array> {
  registerPdfFonts(job.root);
  const document =
    job.kind === "schedule" ? (
      <SchedulePdf
        report={job.report}
        printedAt={job.printedAt}
        measure={{ shiftLines: lineCounter(fontFile(job.root), 7, DAY_TEXT_WIDTH), nameLines: lineCounter(fontFile(job.root, true), 8, NAME_TEXT_WIDTH) }}
      />
    ) : (
      <HoursReportPdf report={job.report} printedAt={job.printedAt} />
    );
  return new Uint8Array(await renderToBuffer(document));
}
