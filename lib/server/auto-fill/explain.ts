/**
 * The German reasons of a proposal (docs/PRODUCT-RULES.md §28.2): why a person was proposed ("hat noch 12 h frei",
 * "hat sich beworben") and why a shift stays open ("niemand ohne Konflikt verfügbar: …").
 */
import { formatHours } from "@/lib/shared/hours";
import type { PreparedShift } from "@/lib/shared/rules/evaluate";
import { isoOfDay } from "@/lib/shared/rules/time";
import { wishFit, wishLabel, type WishFacts } from "@/lib/shared/wishes";
import type { FillModel } from "./build-model";
import type { Block, EmployeeLoad } from "./employee-load";
import { weekCapacity } from "./problem";

const WEEKDAYS = ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"];

/** "Di 02.12. 08:00–16:00" */
export function shiftLabel(at: PreparedShift): string {
  const iso = isoOfDay(at.day);
  const weekday = WEEKDAYS[(((at.day + 3) % 7) + 7) % 7];
  return `${weekday} ${iso.slice(8, 10)}.${iso.slice(5, 7)}. ${at.shift.start_time}–${at.shift.end_time}`;
}

export function blockLabel(block: Block): string {
  switch (block.code) {
    case "location":
      return "anderer Einsatzort";
    case "vacation":
      return "Ferien";
    case "absent":
      return "abwesend";
    case "unavailable":
      return "nicht verfügbar";
    case "overlap":
      return block.proposed ? `für ${shiftLabel(block.other!)} vorgeschlagen` : `arbeitet ${shiftLabel(block.other!)}`;
    case "rest_time":
      return block.proposed
        ? `Ruhezeit zu ${shiftLabel(block.other!)} (vorgeschlagen)`
        : `Ruhezeit zu ${shiftLabel(block.other!)}`;
    case "daily_max":
      return "Tageshöchstarbeitszeit";
    case "weekly_max":
      return "Wochenhöchstarbeitszeit";
    case "consecutive_days":
      return "7. Arbeitstag in Folge";
  }
}

const NAMED = 3;

/** Why nobody got the shift: the people and what stops each, those at the shift's location first. */
export function unfilledReason(model: FillModel, at: PreparedShift | null, loads: EmployeeLoad[]): string {
  if (!at) return "liegt in der Vergangenheit";
  if (loads.length === 0) return "keine aktiven Mitarbeitenden";
  const blocked = loads.flatMap((load) => {
    const block = load.blockOf(at);
    return block ? [{ name: load.employee.name, block }] : [];
  });
  // Everyone else works elsewhere: say so once instead of naming them.
  const here = blocked.filter((entry) => entry.block.code !== "location");
  if (here.length === 0) return "niemand arbeitet an diesem Standort";
  const named = here.slice(0, NAMED).map((entry) => `${entry.name} (${blockLabel(entry.block)})`);
  const more = here.length - named.length;
  return `niemand ohne Konflikt verfügbar: ${named.join(", ")}${more > 0 ? ` und ${more} weitere` : ""}`;
}

/** Counts of evening, weekend and holiday shifts: "noch keine …", "erst 2 …". */
function unpopularText(count: number): string {
  if (count === 0) return "noch keine Abend-, Wochenend- oder Feiertagsschicht";
  return `erst ${count} Abend-, Wochenend- oder Feiertagsschicht${count === 1 ? "" : "en"}`;
}

export type ReasonState = { load: EmployeeLoad; unpopular: number };

/**
 * The reasons for one proposed shift, from the person's state before it (the caller adds it afterwards, in
 * chronological order, so a second shift of the week reads the hours left after the first).
 */
export function assignmentReasons(
  state: ReasonState,
  at: PreparedShift,
  options: { applied: boolean; unpopular: boolean; averageUnpopular: number; wishes?: WishFacts[] },
): string[] {
  const { employee } = state.load;
  const reasons: string[] = [];
  if (options.applied) reasons.push("hat sich beworben");
  if (employee.is_hourly) reasons.push("arbeitet im Stundenlohn");
  else {
    const free = weekCapacity(employee, at.day) - state.load.hoursInWeek(at.day);
    if (free >= at.netHours) reasons.push(`hat noch ${formatHours(free)} h frei`);
    else reasons.push(`${formatHours(at.netHours - Math.max(free, 0))} h über den Sollstunden`);
  }
  if (options.unpopular && state.unpopular <= options.averageUnpopular) reasons.push(unpopularText(state.unpopular));
  reasons.push(...wishReasons(at, options.wishes ?? []));
  return reasons;
}

/**
 * The wishes a proposed shift meets (docs/PRODUCT-RULES.md §35.8), last, as the goal they are: "wünscht
 * Frühschichten", or "gegen den Wunsch «Wunschfrei Sa 12.12.»" — the latter only when no plan as good by the goals
 * above avoided it.
 */
export function wishReasons(at: PreparedShift, wishes: WishFacts[]): string[] {
  return wishes.flatMap((wish) => {
    const fit = wishFit(wish, { date: at.shift.shift_date, start: at.shift.start_time });
    if (fit === "fits") return [wish.kind === "prefer_early" ? "wünscht Frühschichten" : "wünscht Spätschichten"];
    return fit === "against" ? [`gegen den Wunsch «${wishLabel(wish, { short: true })}»`] : [];
  });
}

/**
 * Why an hourly person got none of the open shifts (docs/PRODUCT-RULES.md §31.1), said like the other reasons:
 * every open shift is blocked for them (the blocks named), or the free ones went to fixed staff, who come first
 * while they have hours left of their target (§28.2). `load` is the person's state with the proposal added.
 */
export function leftOutReason(model: FillModel, load: EmployeeLoad): string {
  const open = model.shifts.flatMap((entry) => (entry.at ? [entry.at] : []));
  if (open.length === 0) return "keine offene Schicht, die noch bevorsteht";
  const blocks = open.map((at) => load.blockOf(at));
  if (blocks.every((block) => block !== null)) {
    const labels = [...new Set(blocks.map((block) => blockLabel(block!)))];
    const named = labels.slice(0, NAMED).join(", ");
    return `keine offene Schicht ohne Konflikt (${named}${labels.length > NAMED ? " …" : ""})`;
  }
  return "arbeitet im Stundenlohn: Festangestellte mit freien Sollstunden gehen vor";
}
