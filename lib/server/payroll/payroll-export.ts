import "server-only";
import { ApiError } from "@/lib/server/api/errors";
import type { Db } from "@/lib/server/db/client";
import { getPayrollSettings } from "@/lib/server/settings/payroll-settings";
import { getSettings } from "@/lib/server/settings/find-settings";
import { assertMonthBegun } from "@/lib/server/time-accounts/write-bookings";
import { formatMonthYear } from "@/lib/shared/format";
import { SURCHARGE_CATEGORIES, type SurchargeCategory } from "@/lib/shared/pay/surcharges";
import type { PayrollFormat } from "@/lib/shared/schemas/payroll";
import { readMonthHours, type MonthHours } from "./month-hours";
import { decimalCommaHours, lodasFile, payrollCsv, type PayrollLine } from "./payroll-files";

export type PayrollExportRequest = { month: string; format: PayrollFormat; today: string; timeZone: string; now: Date };

/** Where the payroll settings are changed, for the messages that send someone there. */
const SETTINGS_PLACE = "bitte unter Betrieb → Lohnabrechnung ergänzen";

const nameOf = (person: Pick<MonthHours, "firstName" | "lastName">) => `${person.firstName} ${person.lastName}`;
const refuse = (message: string) => new ApiError("conflict", message);

/**
 * GET /api/exports/payroll (docs/PRODUCT-RULES.md §34.4): a month's hours per person and wage type as a DATEV LODAS
 * import file or a CSV. Only when every person with hours in the month has the month approved; each refusal names
 * who or what is missing, and nothing is exported half.
 */
export async function payrollExport(db: Db, request: PayrollExportRequest): Promise<Response> {
  const { month, format, today, timeZone, now } = request;
  assertMonthBegun(month, today);
  const [settings, payroll] = await Promise.all([getSettings(db), getPayrollSettings(db)]);
  const hours = await readMonthHours(db, { month, rules: { labourRules: settings.labour_rules, timeZone }, now });
  const monthText = formatMonthYear(month);
  if (hours.length === 0)
    throw refuse(`Für ${monthText} gibt es nichts abzurechnen: keine Zeiteinträge und keine Auszahlungen.`);
  const open = hours.filter((person) => !person.approved);
  if (open.length > 0)
    throw refuse(
      `Der Monat ${monthText} ist noch nicht genehmigt für: ${open.map(nameOf).join(", ")}. ` +
        "Die Lohndaten gehen erst, wenn alle Monate genehmigt sind.",
    );
  const unnumbered = hours.filter((person) => !person.personnelNumber);
  if (unnumbered.length > 0)
    throw refuse(`Ohne Personalnummer: ${unnumbered.map(nameOf).join(", ")}. Bitte bei den Mitarbeitenden ergänzen.`);

  // The categories paid: worked hours for the hourly paid (a salary is not paid by the hour: exported as hours, a
  // wage type paid per hour would pay it twice), each surcharge paid more than 0 %, and hours paid out.
  const paidSurcharges = payroll.surcharges.filter((surcharge) => surcharge.percent > 0);
  const own: readonly SurchargeCategory[] = SURCHARGE_CATEGORIES[settings.labour_rules];
  const lines: Omit<PayrollLine, "wageType">[] = [];
  for (const person of hours) {
    const line = (category: PayrollLine["category"], label: string, minutes: number) => {
      if (minutes > 0)
        lines.push({ personnelNumber: person.personnelNumber!, name: nameOf(person), category, label, minutes });
    };
    if (person.isHourly) line("worked", "Arbeitsstunden", person.workedMinutes);
    for (const surcharge of paidSurcharges)
      if (own.includes(surcharge.category))
        line(surcharge.category, `${surcharge.label} (${surcharge.percent} %)`, person.surcharges[surcharge.category]);
    line("payout", "Auszahlung Zeitkonto", person.payoutMinutes);
  }
  const missing = new Map<string, number>();
  for (const line of lines)
    if (!payroll.wage_types[line.category]) missing.set(line.label, (missing.get(line.label) ?? 0) + line.minutes);
  if (missing.size > 0) {
    const named = [...missing].map(([label, minutes]) => `„${label}“ (${decimalCommaHours(minutes)} h)`);
    throw refuse(`Keine Lohnart hinterlegt für ${named.join(", ")}: ${SETTINGS_PLACE}.`);
  }
  const withTypes: PayrollLine[] = lines.map((line) => ({ ...line, wageType: payroll.wage_types[line.category]! }));

  if (format === "csv")
    return download(payrollCsv(payroll.csv_headings, month, withTypes), `lohn-${month}.csv`, "text/csv; charset=utf-8");

  if (!payroll.datev_consultant_number || !payroll.datev_client_number)
    throw refuse(`Für DATEV fehlen die Berater- und die Mandantennummer: ${SETTINGS_PLACE}.`);
  const notNumeric = hours.filter(
    (person) => !/^\d{1,5}$/.test(person.personnelNumber!) || Number(person.personnelNumber) < 1,
  );
  if (notNumeric.length > 0)
    throw refuse(
      "Für DATEV muss die Personalnummer eine Zahl von 1 bis 99999 sein: " +
        `${notNumeric.map((person) => `${nameOf(person)} (${person.personnelNumber})`).join(", ")}.`,
    );
  // "7" and "007" are one personnel number to DATEV (the employee API refuses the second; this catches older data).
  const byNumber = new Map<number, typeof hours>();
  for (const person of hours) {
    const number = Number(person.personnelNumber);
    byNumber.set(number, [...(byNumber.get(number) ?? []), person]);
  }
  const shared = [...byNumber.values()].filter((people) => people.length > 1);
  if (shared.length > 0)
    throw refuse(
      "Für DATEV ist das dieselbe Personalnummer: " +
        shared
          .map((people) => people.map((person) => `${nameOf(person)} (${person.personnelNumber})`).join(" und "))
          .join("; ") +
        ". Bitte eine davon ändern.",
    );
  const text = lodasFile(
    { consultantNumber: payroll.datev_consultant_number, clientNumber: payroll.datev_client_number, month },
    withTypes,
  );
  // Windows-1252, as LODAS reads it: the file holds numbers, the fixed header and an ASCII comment only.
  return download(Buffer.from(text, "latin1"), `lodas-${month}.txt`, "text/plain; charset=windows-1252");
}

function download(body: string | Uint8Array, filename: string, contentType: string): Response {
  return new Response(typeof body === "string" ? body : new Uint8Array(body), {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
