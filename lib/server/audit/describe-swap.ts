import { isoWeekday } from "@/lib/shared/dates";
import { formatDate, WEEKDAYS_SHORT } from "@/lib/shared/format";

/**
 * The history's sentences of the swap steps (docs/PRODUCT-RULES.md §35.6), from the audit row's details: the shifts
 * and names as they were at the time. Told from the people's side ("Lea Muster hat … an Ben Cohn abgegeben,
 * freigegeben von sandra"); a planner's step names the planner.
 */

type Details = Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

/** "Sa 12.12.2026 06:30–14:30 in Bahnhof" */
function slot(value: unknown): string {
  const shift = (typeof value === "object" && value !== null ? value : {}) as Details;
  const date = text(shift.shift_date);
  const start = text(shift.start_time);
  const end = text(shift.end_time);
  if (!date || !start || !end) return "(unbekannt)";
  const where = text(shift.location_name);
  const day = `${WEEKDAYS_SHORT[isoWeekday(date) - 1]} ${formatDate(date)}`;
  return `${day} ${start.slice(0, 5)}–${end.slice(0, 5)}${where ? ` in ${where}` : ""}`;
}

const ENDED_BECAUSE: Record<string, string> = {
  shift_changed: "die Schicht geändert hat",
  shift_deleted: "die Schicht gelöscht hat",
  employee_archived: "eine beteiligte Person archiviert hat",
  location_archived: "den Standort archiviert hat",
};

/** The sentence of a `shift.swap_*` row, or null for another action. */
export function describeSwap(actor: string, action: string, details: Details): string | null {
  if (!action.startsWith("shift.swap_")) return null;
  const offeredBy = text(details.offered_by) ?? "#?";
  const taker = text(details.taker) ?? "#?";
  const swap = details.kind === "swap";
  const shift = slot(details.shift);
  const target = swap ? slot(details.target_shift) : "";
  switch (action) {
    case "shift.swap_offer":
      return swap
        ? `${offeredBy} hat ${taker} einen Tausch angeboten: ${shift} gegen ${target}.`
        : `${offeredBy} hat die Schicht ${shift} zum Abgeben angeboten.`;
    case "shift.swap_accept":
      return `${taker} hat das Angebot von ${offeredBy} angenommen: ${shift}${swap ? ` gegen ${target}` : ""}.`;
    case "shift.swap_approve": {
      const approval =
        details.automatic === true ? "ohne Freigabe (der Standort braucht keine)" : `freigegeben von ${actor}`;
      return swap
        ? `${offeredBy} hat die Schicht ${shift} mit ${taker} gegen ${target} getauscht, ${approval}.`
        : `${offeredBy} hat die Schicht ${shift} an ${taker} abgegeben, ${approval}.`;
    }
    case "shift.swap_reject": {
      const reason = text(details.reason);
      const what = swap ? `den Tausch von ${offeredBy} und ${taker}` : `die Abgabe von ${offeredBy} an ${taker}`;
      const because = reason ? ` (Begründung: ${reason})` : "";
      return `${actor} hat ${what} abgelehnt: ${shift}${swap ? ` gegen ${target}` : ""}${because}.`;
    }
    case "shift.swap_withdraw":
      return `${offeredBy} hat das Angebot für die Schicht ${shift} zurückgezogen.`;
    case "shift.swap_cancel": {
      const because = ENDED_BECAUSE[text(details.reason) ?? ""] ?? "den Plan geändert hat";
      return `Das Angebot von ${offeredBy} für die Schicht ${shift} endete, weil ${actor} ${because}.`;
    }
    default:
      return null;
  }
}

/** The shift's date of a swap row, for the history's link to the planner's week. */
export function swapShiftDate(details: Details): string | null {
  const shift = details.shift;
  return typeof shift === "object" && shift !== null ? text((shift as Details).shift_date) : null;
}
