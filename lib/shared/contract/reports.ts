import { hoursReportQuerySchema, hoursReportSchema, schedulePdfQuerySchema } from "@/lib/shared/schemas/report";
import { defineOperation } from "./operation";

const tag = "Reports";

/** docs/PRODUCT-RULES.md §30.1: the time limit of one PDF. */
const pdfTimeout = {
  status: 503,
  description:
    "`pdf_timeout`: the PDF took longer than its time limit (60 s) and was stopped; choose a shorter period or " +
    "retry later (`Retry-After`)",
} as const;

export const hoursReport = defineOperation({
  method: "GET",
  path: "/api/reports/hours",
  id: "getHoursReport",
  tag,
  summary: "Hours report: scheduled against target hours per employee",
  access: "reports:read",
  scope: "reports:read",
  query: hoursReportQuerySchema,
  responses: [{ status: 200, description: "The report", schema: hoursReportSchema }],
});

export const hoursReportPdf = defineOperation({
  method: "GET",
  path: "/api/reports/hours/pdf",
  id: "getHoursReportPdf",
  tag,
  summary: "Hours report as a PDF download (Stundenbericht_<start>_<end>.pdf)",
  access: "reports:read",
  scope: "reports:read",
  query: hoursReportQuerySchema,
  responses: [{ status: 200, description: "The PDF", pdf: true }],
  errors: [pdfTimeout],
});

export const schedulePdf = defineOperation({
  method: "GET",
  path: "/api/reports/schedule/pdf",
  id: "getSchedulePdf",
  tag,
  summary: "The schedule as a PDF download (Arbeitsplan_<start>_<end>.pdf), rows per location or per employee",
  access: "reports:read",
  scope: "reports:read",
  query: schedulePdfQuerySchema,
  responses: [{ status: 200, description: "The PDF", pdf: true }],
  errors: [pdfTimeout],
});
