// GET /api/reports/hours/pdf?start_date&end_date[&employee_id] – hours report as PDF download (manager, admin)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { route } from "@/lib/server/api/route";
import { getHoursReport } from "@/lib/server/reports/find-reports";
import { printTimestamp } from "@/lib/server/reports/pdf/print-timestamp";
import { pdfResponse, renderPdf } from "@/lib/server/reports/pdf/render-pdf";
import * as api from "@/lib/shared/contract/reports";

export const dynamic = "force-dynamic";

export const GET = route(api.hoursReportPdf, async ({ query }) => {
  const report = await getHoursReport(query);
  const pdf = await renderPdf({ kind: "hours", report, printedAt: printTimestamp() });
  return pdfResponse(pdf, `Stundenbericht_${query.start_date}_${query.end_date}.pdf`);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
