import "server-only";
import { formatDate, formatDayMonth } from "@/lib/shared/format";
import type { NewNotification } from "./write-notifications";

/**
 * The German texts of the inbox's messages (docs/PRODUCT-RULES.md §33.1), one function per event, so the inbox,
 * e-mail and push say the same.
 */

/** "01.12.2026", "01.12.–05.12.2026", "28.12.2026–02.01.2027". */
export function periodText(startDate: string, endDate: string): string {
  if (startDate === endDate) return formatDate(startDate);
  if (startDate.slice(0, 4) === endDate.slice(0, 4)) return `${formatDayMonth(startDate)}–${formatDate(endDate)}`;
  return `${formatDate(startDate)}–${formatDate(endDate)}`;
}

/** A vacation request approved or rejected (with the reason the manager gave). */
export function vacationDecided(
  vacation: { startDate: string; endDate: string; days: number },
  decision: { approved: true } | { approved: false; reason: string },
): NewNotification {
  const period = periodText(vacation.startDate, vacation.endDate);
  const days = `${vacation.days} ${vacation.days === 1 ? "Ferientag" : "Ferientage"}`;
  return decision.approved
    ? { kind: "vacation_decided", title: `Ferien genehmigt: ${period}`, lines: [days], link: "/me" }
    : {
        kind: "vacation_decided",
        title: `Ferienantrag abgelehnt: ${period}`,
        lines: [days, `Begründung: ${decision.reason}`],
        link: "/me",
      };
}
