/**
 * The "Arbeitszeitnachweis" (docs/PRODUCT-RULES.md §32.7): one employee's month as a PDF or a CSV download, for the
 * employee (own, linked users) and for managers and admins (anyone, `time:manage`).
 */
import { myWorkRecordQuerySchema, workRecordQuerySchema } from "@/lib/shared/schemas/work-record";
import { defineOperation } from "./operation";

const tag = "Time recording";

const notBegun = {
  status: 409,
  description: '`conflict`: the month has not begun ("Der Dezember 2026 hat noch nicht begonnen …")',
} as const;
const unknownEmployee = {
  status: 404,
  description: "`not_found`: `employee_id` names no employee (archived ones are found)",
} as const;
const notLinked = { status: 403, description: "`forbidden`: the caller's user is linked to no employee" } as const;
const pdfTimeout = {
  status: 503,
  description: "`pdf_timeout`: the PDF took longer than its time limit (60 s) and was stopped; retry later",
} as const;

const pdfSummary = "as a PDF (arbeitszeitnachweis-<yyyy-MM>-<name>.pdf): per day planned, start, end, breaks, worked";
const csvSummary = "as a CSV (arbeitszeitnachweis-<yyyy-MM>-<name>.csv): UTF-8 with BOM, semicolons, one row per entry";
const description =
  "Every day of the month: planned, start, end, breaks, worked, difference, absence, location and status " +
  "(genehmigt, offen, läuft, storniert; corrected entries marked); totals, the month's approval, and in the PDF the " +
  "signature lines. Void entries are listed and not counted. The same figures as GET /api/timesheets.";

export const workRecordPdf = defineOperation({
  method: "GET",
  path: "/api/timesheets/record/pdf",
  id: "getWorkRecordPdf",
  tag,
  summary: `An employee's Arbeitszeitnachweis of a month ${pdfSummary}`,
  description,
  access: "time:manage",
  scope: "reports:read",
  query: workRecordQuerySchema,
  responses: [{ status: 200, description: "The PDF", pdf: true }],
  errors: [unknownEmployee, notBegun, pdfTimeout],
});

export const workRecordCsv = defineOperation({
  method: "GET",
  path: "/api/timesheets/record/csv",
  id: "getWorkRecordCsv",
  tag,
  summary: `An employee's Arbeitszeitnachweis of a month ${csvSummary}`,
  description,
  access: "time:manage",
  scope: "time:read",
  query: workRecordQuerySchema,
  responses: [{ status: 200, description: "The CSV", csv: true }],
  errors: [unknownEmployee, notBegun],
});

export const myWorkRecordPdf = defineOperation({
  method: "GET",
  path: "/api/me/time-record/pdf",
  id: "getMyWorkRecordPdf",
  tag,
  summary: `The caller's own Arbeitszeitnachweis of a month ${pdfSummary}`,
  description,
  access: "self-service",
  query: myWorkRecordQuerySchema,
  responses: [{ status: 200, description: "The PDF", pdf: true }],
  errors: [notLinked, notBegun, pdfTimeout],
});

export const myWorkRecordCsv = defineOperation({
  method: "GET",
  path: "/api/me/time-record/csv",
  id: "getMyWorkRecordCsv",
  tag,
  summary: `The caller's own Arbeitszeitnachweis of a month ${csvSummary}`,
  description,
  access: "self-service",
  query: myWorkRecordQuerySchema,
  responses: [{ status: 200, description: "The CSV", csv: true }],
  errors: [notLinked, notBegun],
});
