import "server-only";
import { isoWeekday } from "@/lib/shared/dates";
import { formatDate, formatDayMonth, WEEKDAYS_SHORT } from "@/lib/shared/format";
import type { SwapEndReason } from "@/lib/shared/schemas/swap";
import type { NewNotification } from "./write-notifications";

/**
 * The German texts of the swap messages (docs/PRODUCT-RULES.md §35.6), one function per step, each spoken to its
 * reader: the one who offers, the one who takes, the planners.
 */

/** A shift of an offer as the texts read it. */
export type SwapShiftText = {
  shift_date: string;
  start_time: string;
  end_time: string;
  location_name: string;
  custom_name: string | null;
};

/** The people and shifts of an offer. */
export type SwapText = {
  kind: "give_away" | "swap";
  shift: SwapShiftText;
  target: SwapShiftText | null;
  offeredBy: string;
  /** Who takes the shift: the one who accepted, or for a swap not yet accepted the colleague asked. */
  taker: string | null;
  note: string | null;
};

const LINK_ME = "/me#schichtboerse";

/** "Sa 12.12.2026" */
const dayLong = (isoDate: string) => `${WEEKDAYS_SHORT[isoWeekday(isoDate) - 1]} ${formatDate(isoDate)}`;

/** "Sa 12.12., 06:30–14:30, Bahnhof"; a special shift with its name after the times. */
export function swapShiftLine(shift: SwapShiftText): string {
  const name = shift.custom_name ? ` (${shift.custom_name})` : "";
  const day = `${WEEKDAYS_SHORT[isoWeekday(shift.shift_date) - 1]} ${formatDayMonth(shift.shift_date)}`;
  return `${day}, ${shift.start_time}–${shift.end_time}${name}, ${shift.location_name}`;
}

const noteLine = (note: string | null) => (note ? [`«${note}»`] : []);

/** Where the planners decide: the planner's week of the shift. */
export const plannerLink = (shift: SwapShiftText) => `/schedule?date=${shift.shift_date}`;

/** "Tauschen": to the colleague asked. */
export function swapOffered(swap: SwapText & { target: SwapShiftText }): NewNotification {
  return {
    kind: "swap",
    title: `Tauschangebot von ${swap.offeredBy}`,
    lines: [`Du bekommst: ${swapShiftLine(swap.shift)}`, `Du gibst ab: ${swapShiftLine(swap.target)}`]
      .concat(noteLine(swap.note))
      .concat("Annehmen kannst du es unter «Meine Schichten» → «Schichtbörse»."),
    link: LINK_ME,
  };
}

/** "Abgeben": to each colleague who could take it. */
export function shiftOffered(swap: SwapText): NewNotification {
  return {
    kind: "swap",
    title: `Schicht abzugeben: ${dayLong(swap.shift.shift_date)}`,
    lines: [`${swapShiftLine(swap.shift)}`, `${swap.offeredBy} gibt diese Schicht ab.`]
      .concat(noteLine(swap.note))
      .concat("Übernehmen kannst du sie unter «Meine Schichten» → «Schichtbörse»."),
    link: LINK_ME,
  };
}

/** Accepted, waiting for a planner: to the one who offered. */
export function swapAccepted(swap: SwapText & { taker: string }): NewNotification {
  const lines = [`${swap.taker} übernimmt deine Schicht ${swapShiftLine(swap.shift)}.`];
  if (swap.target) lines.push(`Du übernimmst dafür ${swapShiftLine(swap.target)}.`);
  lines.push("Die Leitung muss noch zustimmen; bis dahin bleibt der Plan, wie er ist.");
  return { kind: "swap", title: `Angebot angenommen: ${dayLong(swap.shift.shift_date)}`, lines, link: LINK_ME };
}

/** Accepted, waiting: to the planners. */
export function swapWaiting(swap: SwapText & { taker: string }): NewNotification {
  const lines = [`${swap.offeredBy} → ${swap.taker}: ${swapShiftLine(swap.shift)}`];
  if (swap.target) lines.push(`${swap.taker} → ${swap.offeredBy}: ${swapShiftLine(swap.target)}`);
  lines.push("Freigeben oder ablehnen kannst du es im Schichtplan unter «Tauschanfragen».");
  return {
    kind: "swap",
    title: `${swap.kind === "swap" ? "Tausch" : "Abgabe"} wartet auf Freigabe: ${dayLong(swap.shift.shift_date)}`,
    lines,
    link: plannerLink(swap.shift),
  };
}

/** Approved (by a planner, or at once where the location needs no approval): to both people. */
export function swapApproved(
  swap: SwapText & { taker: string },
  reader: "offerer" | "taker",
  decidedBy: string | null,
): NewNotification {
  const lines =
    reader === "offerer"
      ? [`${swap.taker} übernimmt deine Schicht ${swapShiftLine(swap.shift)}.`]
      : [`Du übernimmst ${swapShiftLine(swap.shift)} von ${swap.offeredBy}.`];
  if (swap.target)
    lines.push(
      reader === "offerer"
        ? `Du übernimmst dafür ${swapShiftLine(swap.target)}.`
        : `${swap.offeredBy} übernimmt dafür deine Schicht ${swapShiftLine(swap.target)}.`,
    );
  lines.push(decidedBy ? `Freigegeben von ${decidedBy}.` : "Der Standort braucht dafür keine Freigabe.");
  const what = swap.kind === "swap" ? "Tausch" : reader === "offerer" ? "Schicht abgegeben" : "Schicht übernommen";
  return {
    kind: "swap",
    title: `${what}${swap.kind === "swap" ? " freigegeben" : ""}: ${dayLong(swap.shift.shift_date)}`,
    lines,
    link: "/me",
  };
}

/** Rejected by a planner: to the one who offered and the one who accepted or was asked. */
export function swapRejected(
  swap: SwapText,
  reader: "offerer" | "taker",
  decision: { decidedBy: string; reason: string | null },
): NewNotification {
  const stays =
    reader === "offerer"
      ? `Deine Schicht ${swapShiftLine(swap.shift)} bleibt bei dir.`
      : `Die Schicht ${swapShiftLine(swap.shift)} bleibt bei ${swap.offeredBy}.`;
  return {
    kind: "swap",
    title: `${swap.kind === "swap" ? "Tausch" : "Abgabe"} abgelehnt: ${dayLong(swap.shift.shift_date)}`,
    lines: [stays, `Abgelehnt von ${decision.decidedBy}.`].concat(
      decision.reason ? [`Begründung: ${decision.reason}`] : [],
    ),
    link: "/me",
  };
}

/** Withdrawn by the one who offered it: to the colleague asked for a swap. */
export function swapWithdrawn(swap: SwapText): NewNotification {
  return {
    kind: "swap",
    title: `Tauschangebot zurückgezogen: ${dayLong(swap.shift.shift_date)}`,
    lines: [`${swap.offeredBy} hat das Angebot für ${swapShiftLine(swap.shift)} zurückgezogen.`],
    link: LINK_ME,
  };
}

const ENDED: Record<SwapEndReason, string> = {
  shift_changed: "Die Leitung hat die Schicht im Plan geändert; das Angebot gilt nicht mehr.",
  shift_deleted: "Die Schicht ist nicht mehr im Plan; das Angebot gilt nicht mehr.",
  employee_archived: "Eine beteiligte Person ist nicht mehr im Team; das Angebot gilt nicht mehr.",
  location_archived: "Der Standort ist archiviert; das Angebot gilt nicht mehr.",
};

/** Ended by a change of the plan: to everyone it concerned. */
export function swapEnded(swap: SwapText, reason: SwapEndReason): NewNotification {
  const lines = [`Angebot von ${swap.offeredBy}: ${swapShiftLine(swap.shift)}`];
  if (swap.target) lines.push(`im Tausch gegen ${swapShiftLine(swap.target)}`);
  lines.push(ENDED[reason]);
  return { kind: "swap", title: `Angebot beendet: ${dayLong(swap.shift.shift_date)}`, lines, link: LINK_ME };
}

/** The shift began before the offer was taken and approved: to the one who offered and the one who accepted. */
export function swapExpired(swap: SwapText): NewNotification {
  return {
    kind: "swap",
    title: `Angebot abgelaufen: ${dayLong(swap.shift.shift_date)}`,
    lines: [
      `Angebot von ${swap.offeredBy}: ${swapShiftLine(swap.shift)}`,
      "Die Schicht hat begonnen, bevor der Tausch zustande kam; sie bleibt, wie sie geplant ist.",
    ],
    link: "/me",
  };
}
