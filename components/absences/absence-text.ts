import type { AbsenceSlot, RecordedAbsence } from "@/lib/shared/api-types";
import { addDays, daysBetween } from "@/lib/shared/dates";
import { formatDate, WEEKDAYS_SHORT } from "@/lib/shared/format";
import { formatHours } from "@/lib/shared/hours";
import { ABSENCE_TYPE_LABELS, type AbsenceType } from "@/lib/shared/schemas/absence";

/** An absence's name (docs/PRODUCT-RULES.md §32.2): the type for planners and the person, else "abwesend". */
export const absenceTypeLabel = (type: AbsenceType | null): string => (type ? ABSENCE_TYPE_LABELS[type] : "abwesend");

/** "05.06.2034", "05.06.2034 – 07.06.2034" or "05.06.2034, 2.5 h". */
export function absenceSpan(absence: { start_date: string; end_date: string; hours: number | null }): string {
  if (absence.hours !== null) return `${formatDate(absence.start_date)}, ${formatHours(absence.hours)} h`;
  if (absence.start_date === absence.end_date) return formatDate(absence.start_date);
  return `${formatDate(absence.start_date)} – ${formatDate(absence.end_date)}`;
}

/** The toast after a save: "Abwesenheit erfasst! 2 Schichten sind jetzt offen." */
export function absenceSavedText(saved: Pick<RecordedAbsence, "opened_shifts">, changed: boolean): string {
  const done = changed ? "Abwesenheit aktualisiert!" : "Abwesenheit erfasst!";
  if (saved.opened_shifts === 0) return done;
  const opened = saved.opened_shifts === 1 ? "1 Schicht ist" : `${saved.opened_shifts} Schichten sind`;
  return `${done} ${opened} jetzt offen.`;
}

/**
 * The planner's chip of an absence in the shown week (docs/PRODUCT-RULES.md §32.8): "Krank Mo–Mi", "Militär-/
 * Zivildienst Do–So", "Weiterbildung Di 2.5 h"; colleagues read "abwesend Mo–Mi".
 */
export function absenceWeekLabel(absence: AbsenceSlot, weekStart: string): string {
  const weekEnd = addDays(weekStart, 6);
  const from = Math.max(0, daysBetween(weekStart, absence.start_date < weekStart ? weekStart : absence.start_date));
  const to = Math.min(6, daysBetween(weekStart, absence.end_date > weekEnd ? weekEnd : absence.end_date));
  const days = from === to ? WEEKDAYS_SHORT[from] : `${WEEKDAYS_SHORT[from]}–${WEEKDAYS_SHORT[to]}`;
  const hours = absence.hours !== null ? ` ${formatHours(absence.hours)} h` : "";
  return `${absenceTypeLabel(absence.type)} ${days}${hours}`;
}
