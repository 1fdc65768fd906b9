import { ApiRequestError, errorMessage } from "@/lib/client/api";
import type { VacationDto } from "@/lib/shared/api-types";
import { formatHours } from "@/lib/shared/hours";

/** Vacation days: whole days without a decimal, half days as 2.5 (balances come in steps of 0.5). */
export const formatDays = (value: number) => formatHours(value).replace(/\.0$/, "");

/** "5 Arbeitstage", "1 Arbeitstag". */
export const workingDaysLabel = (count: number) => `${count} ${count === 1 ? "Arbeitstag" : "Arbeitstage"}`;

/** Status is shown as-is (docs/PRODUCT-RULES.md §7.4) except the one value we know: "approved". */
const STATUS_LABELS: Record<string, string> = { approved: "Genehmigt" };
export const statusLabel = (status: VacationDto["status"]) => STATUS_LABELS[status] ?? status;

export const employeeName = (person: { first_name: string; last_name: string }) =>
  `${person.first_name} ${person.last_name}`;

/** The delete confirmation says where the days go (docs/PRODUCT-RULES.md §20.3). */
export function deleteMessage(vacation: VacationDto): string {
  const name = employeeName(vacation);
  return vacation.days_count === 1
    ? `Ferien wirklich löschen? Der 1 Ferientag wird ${name} wieder gutgeschrieben.`
    : `Ferien wirklich löschen? Die ${vacation.days_count} Ferientage werden ${name} wieder gutgeschrieben.`;
}

/**
 * A refused save as a toast (docs/PRODUCT-RULES.md §20.2): the server's message, and for a
 * balance that is too small the numbers 'Benötigt: X Tage, Verfügbar: Y Tage'
 * as the toast's second line. When the shortfall is in another year than the
 * one on screen, the title names that year (a vacation over New Year).
 */
export function saveErrorToast(
  error: unknown,
  fallback: string,
  currentYear: number,
): [title: string, description?: string] {
  if (error instanceof ApiRequestError && error.code === "insufficient_vacation_days") {
    const { required, available, year } = error.body as { required?: number; available?: number; year?: number };
    if (typeof required === "number" && typeof available === "number") {
      const title = year && year !== currentYear ? `${error.message} (${year})` : error.message;
      return [title, `Benötigt: ${formatDays(required)} Tage, Verfügbar: ${formatDays(available)} Tage`];
    }
  }
  return [errorMessage(error, fallback)];
}
