import type { SwapDto } from "@/lib/shared/api-types";
import { isoWeekday } from "@/lib/shared/dates";
import { formatDate, WEEKDAYS_SHORT } from "@/lib/shared/format";

/** The texts of the Schichtbörse on Meine Schichten (docs/PRODUCT-RULES.md §35.2). */

type SwapShift = SwapDto["shift"];

/** "Sa 12.12.2026, 06:30–14:30, Bahnhof" and a special shift's name. */
export function swapShiftText(shift: SwapShift): string {
  const name = shift.custom_name ? ` (${shift.custom_name})` : "";
  const day = `${WEEKDAYS_SHORT[isoWeekday(shift.shift_date) - 1]} ${formatDate(shift.shift_date)}`;
  return `${day}, ${shift.start_time}–${shift.end_time}${name}, ${shift.location_name}`;
}

/** The status as the person concerned reads it. */
export function swapStatusText(swap: SwapDto, employeeId: number): string {
  const mine = swap.offered_by.id === employeeId;
  switch (swap.status) {
    case "open":
      if (swap.kind === "swap") return mine ? `Wartet auf ${swap.target?.name ?? "die Antwort"}` : "Für dich";
      return mine ? "Angeboten – noch nicht übernommen" : "Offen";
    case "accepted":
      return "Angenommen – wartet auf Freigabe";
    case "approved":
      return swap.decided_by ? `Erledigt, freigegeben von ${swap.decided_by}` : "Erledigt";
    case "rejected":
      return swap.decided_by ? `Abgelehnt von ${swap.decided_by}` : "Abgelehnt";
    case "withdrawn":
      return "Zurückgezogen";
    case "cancelled":
      return "Beendet: die Schicht wurde im Plan geändert";
    case "expired":
      return "Abgelaufen";
  }
}

/** Running offers: still open, or accepted and waiting. */
export const isRunning = (swap: SwapDto) => swap.status === "open" || swap.status === "accepted";
