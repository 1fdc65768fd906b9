// GET /api/reports/schedule/pdf?start_date&end_date[&rows] – the schedule as PDF download (manager, admin)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { route } from "@/lib/server/api/route";
import { getScheduleData } from "@/lib/server/reports/find-reports";
import { printTimestamp } from "@/lib/server/reports/pdf/print-timestamp";
import { pdfResponse, renderPdf } from "@/lib/server/reports/pdf/render-pdf";
import * as api from "@/lib/shared/contract/reports";

export const dynamic = "force-dynamic";

export const GET = route(api.schedulePdf, async ({ query }) => {
  const data = await getScheduleData(query);
  const pdf = await renderPdf({ kind: "schedule", data, printedAt: printTimestamp() });
  return pdfResponse(pdf, `Arbeitsplan_${query.start_date}_${query.end_date}.pdf`);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
