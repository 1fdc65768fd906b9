/**
 * The findings' German texts (docs/PRODUCT-RULES.md §24.5), all in one place: each names the person, the day
 * and, where there is one, the other shift. Dates dd.MM.yyyy, hours with one decimal, ranges with an en dash.
 */
import { formatDate } from "../format";
import { formatHours } from "../hours";

/** What a message shows of a shift. */
export type ShiftText = { shift_date: string; start_time: string; end_time: string; location_name: string };

const clock = (time: string) => time.slice(0, 5);

/** A limit as set: "50", "45.5" (not "50.0", which reads like a measured amount). */
function limit(hours: number): string {
  return Number.isInteger(hours) ? String(hours) : formatHours(hours);
}

export const ruleMessages = {
  overlap: (name: string, other: ShiftText) =>
    `${name} arbeitet am ${formatDate(other.shift_date)} bereits ${clock(other.start_time)}–${clock(other.end_time)}` +
    ` (${other.location_name})`,

  vacation: (name: string, date: string) => `${name} hat am ${formatDate(date)} Ferien`,

  // An absence besides vacation (docs/PRODUCT-RULES.md §32.2): never its type, which is health data.
  absent: (name: string, date: string) => `${name} ist am ${formatDate(date)} abwesend`,

  unavailable: (name: string, date: string, window: { start_time: string; end_time: string } | null) =>
    `${name} ist am ${formatDate(date)} nicht verfügbar` +
    (window ? ` (${clock(window.start_time)}–${clock(window.end_time)})` : ""),

  restTime: (name: string, earlier: ShiftText, later: { start_time: string }, restHours: number, minimum: number) =>
    `${name} hat nach der Schicht am ${formatDate(earlier.shift_date)} bis ${clock(earlier.end_time)}` +
    ` (${earlier.location_name}) nur ${formatHours(restHours)} h Ruhezeit bis ${clock(later.start_time)}` +
    ` (mindestens ${limit(minimum)} h)`,

  dailyNet: (name: string, date: string, hours: number, maximum: number) =>
    `${name} arbeitet am ${formatDate(date)} ${formatHours(hours)} h (höchstens ${limit(maximum)} h)`,

  dailySpan: (name: string, date: string, from: string, to: string, hours: number, maximum: number) =>
    `${name} ist am ${formatDate(date)} von ${clock(from)} bis ${clock(to)} ${formatHours(hours)} h im Einsatz` +
    ` (höchstens ${limit(maximum)} h inkl. Pausen)`,

  weeklyMax: (name: string, monday: string, hours: number, maximum: number) =>
    `${name} arbeitet in der Woche vom ${formatDate(monday)} ${formatHours(hours)} h (höchstens ${limit(maximum)} h)`,

  break: (name: string, shift: ShiftText, breakMinutes: number, required: number) =>
    `Die Pause von ${name} am ${formatDate(shift.shift_date)} (${clock(shift.start_time)}–${clock(shift.end_time)})` +
    ` ist ${breakMinutes} min, nötig sind mindestens ${required} min`,

  /** `atLeast`: the run is longer than the rules look back (§24.3), so only a lower bound is certain. */
  consecutiveDays: (name: string, date: string, day: number, atLeast: boolean) =>
    `${name} arbeitet am ${formatDate(date)} ${atLeast ? "mindestens " : ""}den ${day}. Tag in Folge`,

  overbooked: (name: string, monday: string, hours: number, weeklyHours: number) =>
    `${name} ist in der Woche vom ${formatDate(monday)} mit ${formatHours(hours)} h über den vertraglichen` +
    ` ${formatHours(weeklyHours)} h`,
};

/**
 * A finding's text spoken to the person it is about (docs/PRODUCT-RULES.md §31.2): "Anna Meier ist am … nicht
 * verfügbar" becomes "Du bist am … nicht verfügbar". Every text above opens with the name and one of these verbs,
 * or with "Die Pause von <name>"; messages.test.ts checks each of them.
 */
const SECOND_PERSON: readonly [string, string][] = [
  [" arbeitet ", "Du arbeitest "],
  [" hat ", "Du hast "],
  [" ist ", "Du bist "],
];

export function toSecondPerson(message: string, name: string): string {
  if (message.startsWith(`Die Pause von ${name} `))
    return `Deine Pause ${message.slice(`Die Pause von ${name} `.length)}`;
  for (const [verb, spoken] of SECOND_PERSON) {
    if (message.startsWith(name + verb)) return spoken + message.slice((name + verb).length);
  }
  return message;
}
