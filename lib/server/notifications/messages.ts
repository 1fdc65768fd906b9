import "server-only";
import type { PlanShift, ShiftChange } from "@/lib/server/publishing/plan-diff";
import { isoWeekday } from "@/lib/shared/dates";
import { formatDate, formatDayMonth, WEEKDAYS_SHORT } from "@/lib/shared/format";
import { monthLabel } from "@/lib/shared/periods";
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

/** "Fr 04.12." */
const day = (isoDate: string) => `${WEEKDAYS_SHORT[isoWeekday(isoDate) - 1]} ${formatDayMonth(isoDate)}`;

/** What the texts of one shift read: its day, times, name and location. */
type ShiftText = Pick<
  PlanShift,
  "shift_date" | "start_time" | "end_time" | "is_custom" | "custom_name" | "location_name"
>;

/** "14:00–22:00", a special shift with its name: "14:00–22:00 (Inventur)". */
const times = (shift: ShiftText) =>
  `${shift.start_time}–${shift.end_time}${shift.is_custom && shift.custom_name ? ` (${shift.custom_name})` : ""}`;

const pauseText = (minutes: number) => (minutes ? `Pause ${minutes} Min.` : "ohne Pause");

/** What a changed shift was before, only the parts that changed: "vorher Di 08.12., 08:00–12:00, Seefeld". */
function wasText(shift: PlanShift, before: PlanShift): string {
  const parts: string[] = [];
  if (before.shift_date !== shift.shift_date) parts.push(day(before.shift_date));
  if (times(before) !== times(shift)) parts.push(times(before));
  if (before.location_id !== shift.location_id) parts.push(before.location_name);
  if (before.break_minutes !== shift.break_minutes) parts.push(pauseText(before.break_minutes));
  return parts.length ? ` (vorher ${parts.join(", ")})` : "";
}

/**
 * One line per change, in the reader's words (docs/PRODUCT-RULES.md §33.3): "Neu: Fr 04.12., 14:00–22:00, Bahnhof",
 * "Entfällt: …", "Geändert: Mo 07.12., 09:00–13:00, Bahnhof (vorher 08:00–12:00)", "Verschoben: Mi 09.12.,
 * 08:00–12:00, Bahnhof (vorher Di 08.12.)". A changed break is named ("Pause 30 Min.").
 */
export function changeLine(change: ShiftChange): string {
  const { shift } = change;
  const where = `${day(shift.shift_date)}, ${times(shift)}, ${shift.location_name}`;
  switch (change.change) {
    case "added":
      return `Neu: ${where}`;
    case "removed":
      return `Entfällt: ${where}`;
    case "times_changed":
    case "moved": {
      const pause = change.before.break_minutes !== shift.break_minutes ? `, ${pauseText(shift.break_minutes)}` : "";
      const word = change.change === "moved" ? "Verschoben" : "Geändert";
      return `${word}: ${where}${pause}${wasText(shift, change.before)}`;
    }
  }
}

/** A publication changed the reader's shifts: one message listing only theirs, one line each. */
export function planPublished(period: { startDate: string; endDate: string }, changes: ShiftChange[]): NewNotification {
  return {
    kind: "shifts_changed",
    title: `Schichtplan geändert: ${periodText(period.startDate, period.endDate)}`,
    lines: changes.map(changeLine),
    link: "/me",
  };
}

/**
 * An open shift one had applied for is theirs (docs/PRODUCT-RULES.md §33.4): "Schicht erhalten: Fr 04.12.2026",
 * the times and location, and why they are told.
 */
export function applicationAssigned(shift: ShiftText): NewNotification {
  return {
    kind: "application_assigned",
    title: `Schicht erhalten: ${WEEKDAYS_SHORT[isoWeekday(shift.shift_date) - 1]} ${formatDate(shift.shift_date)}`,
    lines: [`${times(shift)}, ${shift.location_name}`, "Du hattest dich für diese Schicht gemeldet."],
    link: "/me",
  };
}

/**
 * A stamp left running (docs/PRODUCT-RULES.md §33.6): "Ausstempeln vergessen?", since when and where, and what to do
 * — stamping out now records now, so the right end goes to the manager as a correction.
 */
export function forgottenClockOut(entry: { date: string; time: string; location_name: string }): NewNotification {
  return {
    kind: "forgotten_clock_out",
    title: "Ausstempeln vergessen?",
    lines: [
      `Eingestempelt seit ${WEEKDAYS_SHORT[isoWeekday(entry.date) - 1]} ${formatDate(entry.date)}, ${entry.time}, ` +
        entry.location_name,
      "Schon fertig? Stemple aus und frage danach eine Korrektur der Endzeit an.",
    ],
    link: "/me",
  };
}

/**
 * A month approved (docs/PRODUCT-RULES.md §34.5): the statement of the time account is ready to download — what Swiss
 * hospitality needs in writing every month (L-GAV Art. 15) and what a German employee checks the payslip against.
 */
export function monthlyStatementReady(month: string, approvedBy: string): NewNotification {
  return {
    kind: "monthly_statement",
    title: `Deine Monatsabrechnung ${monthLabel(month)} ist bereit`,
    lines: [`Genehmigt von ${approvedBy}.`, "Unter «Meine Schichten» → «Zeitkonto» kannst du sie herunterladen."],
    link: "/me",
  };
}
