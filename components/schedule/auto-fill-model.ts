import { createContext } from "react";
import type { EmployeeDto, ShiftDto } from "@/lib/shared/api-types";
import { isoWeekday } from "@/lib/shared/dates";
import { formatDayMonth, WEEKDAYS_SHORT } from "@/lib/shared/format";
import { formatHours } from "@/lib/shared/hours";
import type { AutoFillProposal } from "@/lib/shared/schemas/auto-fill";

// The planner's proposal mode of "Automatisch besetzen" (docs/PRODUCT-RULES.md §28.4): what the grid draws and
// what the panel says. Plain data and texts, so the planner's first load carries no more than this.

/** A proposal as the planner shows it: for the week it was made for only. */
export type ShownProposal = { weekStart: string; proposal: AutoFillProposal };

/** How a chip is drawn in proposal mode: a proposed person (dashed), or an open shift that stays open. */
export type ProposalMark = { kind: "assigned"; name: string; text: string } | { kind: "open"; text: string };

/** The marks by shift id; null outside proposal mode (every chip as saved). */
export const ProposalMarksContext = createContext<Map<number, ProposalMark> | null>(null);

/**
 * The week's shifts with the proposed people in them (so the view by employee puts each in the person's row and
 * the row's hours count it) and the marks of the chips. A proposed shift missing from the week is left out: apply
 * refuses it anyway (409).
 */
export function proposalView(
  proposal: AutoFillProposal,
  shifts: ShiftDto[],
  employees: EmployeeDto[],
): { shifts: ShiftDto[]; marks: Map<number, ProposalMark> } {
  const names = new Map(employees.map((employee) => [employee.id, `${employee.first_name} ${employee.last_name}`]));
  const marks = new Map<number, ProposalMark>();
  const proposed = new Map<number, { employeeId: number; name: string }>();
  for (const assignment of proposal.assignments) {
    const name = names.get(assignment.employee_id) ?? `#${assignment.employee_id}`;
    proposed.set(assignment.shift_id, { employeeId: assignment.employee_id, name });
    marks.set(assignment.shift_id, { kind: "assigned", name, text: proposedText(name, assignment.reasons) });
  }
  for (const entry of proposal.unfilled)
    marks.set(entry.shift_id, { kind: "open", text: `Bleibt offen – ${entry.reason}` });
  return {
    shifts: shifts.map((shift) => {
      const person = shift.employee_id === null ? proposed.get(shift.id) : undefined;
      return person ? { ...shift, employee_id: person.employeeId, employee_name: person.name } : shift;
    }),
    marks,
  };
}

/** "Vorschlag: Anna Muster – hat noch 12 h frei, hat sich beworben" */
export function proposedText(name: string, reasons: string[]): string {
  return reasons.length === 0 ? `Vorschlag: ${name}` : `Vorschlag: ${name} – ${reasons.join(", ")}`;
}

/** "34 von 40 offenen Schichten besetzt" */
export function filledText(stats: AutoFillProposal["stats"]): string {
  return `${stats.filled} von ${stats.open} offenen ${stats.open === 1 ? "Schicht" : "Schichten"} besetzt`;
}

/** "optimal", or "beste gefundene Lösung (Abstand 2 %)" when the time limit ended the search. */
export function qualityText(stats: AutoFillProposal["stats"]): string {
  if (stats.optimal) return "optimal";
  const percent = Math.round(stats.gap * 100);
  return `beste gefundene Lösung (Abstand ${percent < 1 ? "< 1" : percent} %)`;
}

/** "Rechenzeit: 1.2 s" */
export const solveText = (ms: number) =>
  ms < 50 ? "Rechenzeit: unter 0.1 s" : `Rechenzeit: ${formatHours(ms / 1000)} s`;

/** "Überstunden: 3.5 h" */
export const overtimeText = (hours: number) => `Überstunden: ${formatHours(hours)} h`;

/** The toast after "Übernehmen": "34 Schichten besetzt". */
export const appliedMessage = (assigned: number) => `${assigned} ${assigned === 1 ? "Schicht" : "Schichten"} besetzt`;

/** "Mo 02.03. · 08:00–16:00 · Altstadt" */
export function shiftPlace(shift: ShiftDto): string {
  const day = `${WEEKDAYS_SHORT[isoWeekday(shift.shift_date) - 1]} ${formatDayMonth(shift.shift_date)}`;
  return `${day} · ${shift.start_time}–${shift.end_time} · ${shift.location_name}`;
}
