import { ApiRequestError, errorMessage } from "@/lib/client/api";
import type { VacationDto } from "@/lib/shared/api-types";
import { formatHours } from "@/lib/shared/hours";
import { VACATION_STATUSES, type VacationStatus } from "@/lib/shared/schemas/vacation";

/** Vacation days: whole days without a decimal, half days as 2.5 (balances come in steps of 0.5). */
export const formatDays = (value: number) => formatHours(value).replace(/\.0$/, "");

/** "5 Arbeitstage", "1 Arbeitstag". */
export const workingDaysLabel = (count: number) => `${count} ${count === 1 ? "Arbeitstag" : "Arbeitstage"}`;

/** docs/PRODUCT-RULES.md §26.3: the three states of a vacation, as the badge and the filter name them. */
export const STATUS_LABELS: Record<VacationStatus, string> = {
  requested: "Beantragt",
  approved: "Genehmigt",
  rejected: "Abgelehnt",
};
export const statusLabel = (status: VacationDto["status"]) => STATUS_LABELS[status];

/** The status filter's value from the address (`/vacations?status=requested`, the dashboard's link); "" = all. */
export function statusFromQuery(search: string): VacationStatus | "" {
  const value = new URLSearchParams(search).get("status");
  return (VACATION_STATUSES as readonly (string | null)[]).includes(value) ? (value as VacationStatus) : "";
}

/** " 2 Schichten sind jetzt offen." after the toast when the vacation opened shifts (docs/PRODUCT-RULES.md §25). */
export function openedShiftsNote(count: number): string {
  if (count === 0) return "";
  return count === 1 ? " 1 Schicht ist jetzt offen." : ` ${count} Schichten sind jetzt offen.`;
}

/** Before saving: the shifts the vacation will open (docs/PRODUCT-RULES.md §31.6). */
export function shiftsToOpenWarning(count: number): string {
  return count === 1
    ? "In diesem Zeitraum ist 1 Schicht eingeplant. Sie wird beim Speichern offen (ohne Mitarbeiter)."
    : `In diesem Zeitraum sind ${count} Schichten eingeplant. Sie werden beim Speichern offen (ohne Mitarbeiter).`;
}

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
