import { hoursMinutes as sharedHoursMinutes } from "@/lib/shared/time-entry-text";

/**
 * How the "Arbeitszeitnachweis" prints minutes (docs/PRODUCT-RULES.md §32.7): "7:45" (h:mm) and "7.75" (decimal
 * hours, two places, a point as in de-CH), a sign on differences. Shared by the PDF and the CSV.
 */
export function hoursMinutes(minutes: number, signed = false): string {
  // The ASCII minus: a spreadsheet reads "-1:15" as a negative time, not "−1:15".
  return sharedHoursMinutes(minutes, { signed, minus: "-" });
}

export function decimalHours(minutes: number, signed = false): string {
  const text = (Math.abs(minutes) / 60).toFixed(2);
  const sign = minutes < 0 ? "-" : signed && minutes > 0 ? "+" : "";
  return `${sign}${text}`;
}
