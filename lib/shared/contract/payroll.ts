/**
 * The overtime account, the payroll settings and the payroll export (docs/PRODUCT-RULES.md §34).
 */
import {
  payrollExportQuerySchema,
  payrollSettingsDtoSchema,
  payrollSettingsUpdateSchema,
} from "@/lib/shared/schemas/payroll";
import {
  bookingDtoSchema,
  bookingInputSchema,
  myStatementQuerySchema,
  myTimeAccountQuerySchema,
  openingDtoSchema,
  openingInputSchema,
  statementQuerySchema,
  timeAccountQuerySchema,
  timeAccountsSchema,
} from "@/lib/shared/schemas/time-account";
import { defineOperation } from "./operation";

const tag = "Payroll";

export const getPayrollSettings = defineOperation({
  method: "GET",
  path: "/api/settings/payroll",
  id: "getPayrollSettings",
  tag,
  summary: "Surcharge percentages, wage types per category, the CSV's column names and DATEV's numbers",
  description:
    "The surcharge categories follow the labour rules of GET /api/settings (DE: § 3b EStG, CH: Arbeitsgesetz; docs " +
    "§34.1); each with its percentage (set or default). Wage types are null until an admin sets them.",
  access: "time:manage",
  responses: [{ status: 200, description: "The payroll settings", schema: payrollSettingsDtoSchema }],
});

export const updatePayrollSettings = defineOperation({
  method: "PUT",
  path: "/api/settings/payroll",
  id: "updatePayrollSettings",
  tag,
  summary: "Change the payroll settings (the keys sent)",
  description:
    "Percentages are kept per labour rules: those of the current rules change; a category the current rules do not " +
    "have is a 400 with the field named.",
  access: "master-data:write",
  body: payrollSettingsUpdateSchema,
  responses: [{ status: 200, description: "The changed payroll settings", schema: payrollSettingsDtoSchema }],
});

export const getTimeAccounts = defineOperation({
  method: "GET",
  path: "/api/time-accounts",
  id: "getTimeAccounts",
  tag,
  summary: "Time accounts (Zeitkonto) per employee and month: target, credits, worked, balance, bookings, carried",
  description:
    "A year (`year`), or one month of it (`month`); every employee employed in those months, or one " +
    "(`employee_id`, archived ones too). The account begins with its opening balance's month, else on the first " +
    "recorded day; the running month counts up to today. Minutes throughout; a month is `provisional` until it is " +
    "approved. The hourly paid have worked minutes only (target, balance and carried null). Docs §34.3.",
  access: "time:manage",
  scope: "time:read",
  query: timeAccountQuerySchema,
  responses: [{ status: 200, description: "The accounts", schema: timeAccountsSchema }],
  errors: [
    { status: 400, description: "`validation_failed`: a month or year that has not begun" },
    { status: 404, description: "`not_found`: `employee_id` names no employee" },
  ],
});

export const getMyTimeAccount = defineOperation({
  method: "GET",
  path: "/api/me/time-account",
  id: "getMyTimeAccount",
  tag,
  summary: "The caller's own time account, a year or one month",
  description: "The answer of GET /api/time-accounts for the caller's linked employee alone.",
  access: "self-service",
  query: myTimeAccountQuerySchema,
  responses: [{ status: 200, description: "The own account", schema: timeAccountsSchema }],
  errors: [{ status: 403, description: "`forbidden`: the caller's user is linked to no employee" }],
});

export const createTimeAccountBooking = defineOperation({
  method: "POST",
  path: "/api/time-accounts/bookings",
  id: "createTimeAccountBooking",
  tag,
  summary: "Book a payout (Auszahlung) or a correction (Korrektur) on an employee's time account",
  description:
    "A payout's minutes (> 0) are taken off the balance, a correction's (±) added; the reason is required and the " +
    "booking can never be changed or deleted (book a correction instead). Written to the history.",
  access: "time:manage",
  scope: "time:write",
  body: bookingInputSchema,
  responses: [{ status: 201, description: "The booking", schema: bookingDtoSchema }],
  errors: [
    { status: 400, description: "`validation_failed`: a month that has not begun, minutes out of range" },
    { status: 404, description: "`not_found`: unknown employee" },
    {
      status: 409,
      description:
        "`conflict`: the month is approved, the employee is paid by the hour, or the account has not begun (or " +
        "begins later)",
    },
  ],
});

export const setTimeAccountOpening = defineOperation({
  method: "PUT",
  path: "/api/time-accounts/opening",
  id: "setTimeAccountOpening",
  tag,
  summary: "Set where an employee's time account starts and the balance brought into that month",
  description:
    "Replaces the opening balance while no month from the earlier of the old and the new start on is approved. " +
    "Entries before the opening's month do not count on the account. Written to the history with before and after.",
  access: "time:manage",
  scope: "time:write",
  body: openingInputSchema,
  responses: [{ status: 200, description: "The opening balance", schema: openingDtoSchema }],
  errors: [
    { status: 400, description: "`validation_failed`: a month that has not begun" },
    { status: 404, description: "`not_found`: unknown employee" },
    { status: 409, description: "`conflict`: a month from the start on is approved, or the employee is hourly paid" },
  ],
});

export const exportPayroll = defineOperation({
  method: "GET",
  path: "/api/exports/payroll",
  id: "exportPayroll",
  tag,
  summary: "A month's hours per employee and wage type for the payroll: DATEV LODAS (text/plain) or CSV",
  description:
    "Per employee with hours in the month: worked hours (the hourly paid only), each surcharge category paid more " +
    "than 0 % (docs §34.1), hours paid out from the time account. `datev-lodas`: the LODAS ASCII import " +
    "([Allgemein], [Satzbeschreibung] u_lod_bwd_buchung_standard, [Bewegungsdaten] with Bearbeitungsschlüssel 1 = " +
    "hours), Windows-1252, CRLF, lodas-<yyyy-MM>.txt. `csv`: UTF-8 with BOM, semicolons, decimal comma, the " +
    "company's column headings, lohn-<yyyy-MM>.csv. Refused as a whole unless every month is approved. Docs §34.4.",
  access: "time:manage",
  scope: "time:read",
  query: payrollExportQuerySchema,
  responses: [{ status: 200, description: "The file", download: ["text/plain", "text/csv"] }],
  errors: [
    { status: 400, description: "`validation_failed`: an unknown format, a month that has not begun" },
    {
      status: 409,
      description:
        "`conflict`: nothing to export, a month not approved (the employees named), an employee without a " +
        "personnel number, a category with hours but no wage type, DATEV's numbers missing or a personnel number " +
        "DATEV cannot take",
    },
  ],
});

const statementDescription =
  "The month of the time account (docs §34.5): per day target, worked time and credits with their reason; the " +
  "balance brought in, target, worked, credits, the month's balance, bookings and the new carried balance; the " +
  "surcharge hours. Marked provisional until the month is approved. monatsabrechnung-<yyyy-MM>-<name>.pdf.";
const statementErrors = [
  { status: 400, description: "`validation_failed`: a month that has not begun" },
  { status: 409, description: "`conflict`: the account does not cover the month (not begun)" },
  { status: 503, description: "`pdf_timeout`: the PDF took longer than its time limit and was stopped" },
] as const;

export const getStatementPdf = defineOperation({
  method: "GET",
  path: "/api/time-accounts/statement/pdf",
  id: "getStatementPdf",
  tag,
  summary: "An employee's monthly statement of working time (Monatsabrechnung Arbeitszeit) as a PDF",
  description: statementDescription,
  access: "time:manage",
  scope: "reports:read",
  query: statementQuerySchema,
  responses: [{ status: 200, description: "The PDF", pdf: true }],
  errors: [{ status: 404, description: "`not_found`: unknown employee" }, ...statementErrors],
});

export const getMyStatementPdf = defineOperation({
  method: "GET",
  path: "/api/me/time-account/statement/pdf",
  id: "getMyStatementPdf",
  tag,
  summary: "The caller's own monthly statement of working time as a PDF",
  description: statementDescription,
  access: "self-service",
  query: myStatementQuerySchema,
  responses: [{ status: 200, description: "The PDF", pdf: true }],
  errors: [{ status: 403, description: "`forbidden`: the caller's user is linked to no employee" }, ...statementErrors],
});
