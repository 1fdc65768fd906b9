/**
 * How the "Arbeitszeitnachweis" prints minutes (docs/PRODUCT-RULES.md §32.7): "7:45" (h:mm) and "7.75" (decimal
 * hours, two places, a point as in de-CH), a sign on differences. Shared by the PDF and the CSV.
 */
export function hoursMinutes(minutes: number, signed = false): string {
  const sign = minutes < 0 ? "-" : signed && minutes > 0 ? "+" : "";
  const abs = Math.abs(minutes);
  return `${sign}${Math.floor(abs / 60)}:${String(abs % 60).padStart(2, "0")}`;
}

export function decimalHours(minutes: number, signed = false): string {
  const text = (Math.abs(minutes) / 60).toFixed(2);
  const sign = minutes < 0 ? "-" : signed && minutes > 0 ? "+" : "";
  return `${sign}${text}`;
}
