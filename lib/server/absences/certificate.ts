import "server-only";
import { daysBetween } from "@/lib/shared/dates";
import type { AbsenceType } from "@/lib/shared/schemas/absence";

type SickLeave = {
  type: AbsenceType;
  start_date: string;
  end_date: string;
  hours: number | null;
  certificate_received: boolean;
};

/**
 * "Arztzeugnis fehlt" (docs/PRODUCT-RULES.md §32.2): a whole-day sick leave without a certificate that lasts at
 * least `fromDay` calendar days, once that day has come (a sick report for five days is not flagged on its first
 * day: the certificate is not owed yet).
 */
export function certificateDue(absence: SickLeave, { fromDay, today }: { fromDay: number; today: string }): boolean {
  if (absence.type !== "krank" || absence.certificate_received || absence.hours !== null) return false;
  const dueOn = daysBetween(absence.start_date, absence.end_date) + 1 >= fromDay;
  return dueOn && daysBetween(absence.start_date, today) + 1 >= fromDay;
}
