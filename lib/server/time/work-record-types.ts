/**
 * The "Arbeitszeitnachweis" of one employee and month (docs/PRODUCT-RULES.md §32.7) as the PDF and the CSV print
 * it: plain data, so it can go to the PDF worker thread.
 */
export type WorkRecordRow = {
  /** yyyy-MM-dd, and "Mo 02.11.2026" for print. */
  date: string;
  dayLabel: string;
  /** The day's planned and difference minutes: on the day's first row only (null on the others). */
  plannedMinutes: number | null;
  differenceMinutes: number | null;
  /** HH:mm in the business's time zone; end null while running. Null without an entry. */
  start: string | null;
  end: string | null;
  breakMinutes: number | null;
  /** Counted minutes; null for a void entry or a day without one. */
  workedMinutes: number | null;
  location: string | null;
  absence: string | null;
  /** "genehmigt", "offen", "läuft", "storniert", or "" on a day without an entry. */
  status: string;
  corrected: boolean;
};

export type WorkRecord = {
  employeeName: string;
  /** yyyy-MM and "November 2026". */
  month: string;
  monthLabel: string;
  company: string | null;
  locations: string[];
  rows: WorkRecordRow[];
  totals: { plannedMinutes: number; workedMinutes: number; differenceMinutes: number };
  /** The month's approval; the day as dd.MM.yyyy in the business's time zone (the PDF worker has no config). */
  approval: { approved: boolean; approvedOn: string | null; approvedByName: string | null };
};
