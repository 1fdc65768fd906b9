import type { CopiedWeek } from "@/lib/shared/api-types";
import { addDays } from "@/lib/shared/dates";
import { formatDate, formatDayMonth, isoWeekNumber } from "@/lib/shared/format";
import type { OpenedReason } from "@/lib/shared/schemas/shift";

// The texts of copying a week and of filling a week twice (docs/PRODUCT-RULES.md §27.3), shared by the copy and
// the template import dialogs.

/** "KW 49 · 30.11.–06.12.2026" */
export function weekLabel(monday: string): string {
  return `KW ${isoWeekNumber(monday)} · ${formatDayMonth(monday)}–${formatDate(addDays(monday, 6))}`;
}

/** How the toast names why copies are open (docs/PRODUCT-RULES.md §27.3). */
const REASON_LABELS: Record<OpenedReason, string> = {
  vacation: "Ferien",
  absent: "abwesend",
  overlap: "Doppelbelegung",
  archived: "archiviert",
};

/** "21 Schichten kopiert" / "21 Schichten kopiert, 2 davon offen (Ferien, Doppelbelegung)". */
export function copiedMessage({ created, opened, skipped }: CopiedWeek): string {
  let message = `${created} ${created === 1 ? "Schicht" : "Schichten"} kopiert`;
  if (opened.length > 0) {
    const reasons = [...new Set(opened.map((copy) => REASON_LABELS[copy.reason]))].join(", ");
    message += `, ${opened.length} davon offen (${reasons})`;
  }
  if (skipped > 0) message += ` · ${skipped} an archivierten Standorten nicht kopiert`;
  return message;
}

export const ALREADY_PLANNED_TITLE = "Woche hat bereits Schichten";

export const alreadyPlannedMessage = (count: number) =>
  `Diese Woche hat bereits ${count} ${count === 1 ? "Schicht" : "Schichten"}. Trotzdem einfügen?`;
