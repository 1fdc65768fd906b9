import "server-only";
import { stringify } from "csv-stringify/sync";
import { CSV_COLUMNS, type CsvColumn, type PayCategory } from "@/lib/shared/schemas/payroll";

/** One line of the payroll export: a person's minutes in one category, with its wage type. */
export type PayrollLine = {
  personnelNumber: string;
  name: string;
  category: PayCategory;
  label: string;
  wageType: string;
  minutes: number;
};

/** Hours with two decimals and a decimal comma, as both formats want them: 90 → "1,50". */
export function decimalCommaHours(minutes: number): string {
  return (Math.round((minutes / 60) * 100) / 100).toFixed(2).replace(".", ",");
}

export type LodasHeader = { consultantNumber: string; clientNumber: string; month: string };

/**
 * The DATEV LODAS ASCII import (docs/PRODUCT-RULES.md §34.4): `[Allgemein]` with consultant and client number and
 * the separators spelled out, one `[Satzbeschreibung]` of the standard movement-data table
 * (u_lod_bwd_buchung_standard: personnel number, period as the month's first day, the client's own wage type,
 * Bearbeitungsschlüssel 1 = hours, the value), and one `[Bewegungsdaten]` line per person and wage type (categories
 * sharing a wage type are added up; nothing for 0). Lines end in CRLF; the text is ASCII, written as Windows-1252.
 */
export function lodasFile(header: LodasHeader, lines: readonly PayrollLine[]): string {
  const [year, monthNumber] = header.month.split("-");
  const period = `01.${monthNumber}.${year}`;
  const summed = new Map<string, { personnelNumber: string; wageType: string; minutes: number }>();
  for (const line of lines) {
    const key = `${line.personnelNumber}|${line.wageType}`;
    const row = summed.get(key) ?? { personnelNumber: line.personnelNumber, wageType: line.wageType, minutes: 0 };
    row.minutes += line.minutes;
    summed.set(key, row);
  }
  const movements = [...summed.values()]
    .filter((row) => row.minutes > 0)
    .sort((a, b) => Number(a.personnelNumber) - Number(b.personnelNumber) || Number(a.wageType) - Number(b.wageType))
    .map((row) => `10;${row.personnelNumber};${period};${row.wageType};1;${decimalCommaHours(row.minutes)};`);
  return [
    "[Allgemein]",
    "Ziel=LODAS",
    "Version_SST=1.0",
    `BeraterNr=${header.consultantNumber}`,
    `MandantenNr=${header.clientNumber}`,
    "Feldtrennzeichen=;",
    "Zahlenkomma=,",
    "Datumsformat=TT.MM.JJJJ",
    "Kommentarzeichen=*",
    "",
    `* Schichtwerk: Stunden je Mitarbeiter und Lohnart, Abrechnungsmonat ${monthNumber}/${year}`,
    "[Satzbeschreibung]",
    "10;u_lod_bwd_buchung_standard;pnr#bwd;abrechnung_zeitraum#bwd;la_eigene#bwd;bs_nr#bwd;bs_wert_butab#bwd;",
    "",
    "[Bewegungsdaten]",
    ...movements,
    "",
  ].join("\r\n");
}

/** A text a spreadsheet would run as a formula gets a leading apostrophe (names are free text). */
const defused = (value: string) => (/^\s*[=+\-@%|]|^[\t\r]/.test(value) ? `'${value}` : value);

/**
 * The payroll CSV (docs/PRODUCT-RULES.md §34.4): UTF-8 with BOM, semicolons, CRLF, the company's column headings,
 * one row per person and category, hours with a decimal comma; month as "03.2026".
 */
export function payrollCsv(headings: Record<CsvColumn, string>, month: string, lines: readonly PayrollLine[]): string {
  const monthText = `${month.slice(5, 7)}.${month.slice(0, 4)}`;
  const rows = lines
    .filter((line) => line.minutes > 0)
    .map((line) => {
      const cells: Record<CsvColumn, string> = {
        personnel_number: defused(line.personnelNumber),
        employee: defused(line.name),
        month: monthText,
        category: line.label,
        wage_type: line.wageType,
        hours: decimalCommaHours(line.minutes),
      };
      return CSV_COLUMNS.map((column) => cells[column]);
    });
  return stringify([CSV_COLUMNS.map((column) => defused(headings[column])), ...rows], {
    bom: true,
    delimiter: ";",
    record_delimiter: "windows",
  });
}
