/**
 * What one employee already works (assigned shifts, then proposed ones) and whether another shift still fits
 * without a refusing rule or a labour-law warning (docs/PRODUCT-RULES.md §28.2). The same relation builds the
 * model's constraints (build-model.ts), the start plan (propose.ts) and the reasons (explain.ts), and a
 * property test holds it against the planning rules themselves (lib/shared/rules).
 */
import { sumHours } from "@/lib/shared/hours";
import type { RuleEmployee, RuleSettings } from "@/lib/shared/rules";
import {
  CH_DAILY_SPAN_HOURS,
  DE_DAILY_MAX_HOURS,
  MAX_CONSECUTIVE_DAYS,
  evaluateEmployee,
  type EmployeeAbsences,
  type PreparedShift,
} from "@/lib/shared/rules/evaluate";
import { HOUR_MS, mondayOfDay } from "@/lib/shared/rules/time";
import type { FillEmployee } from "./problem";

/** Why two shifts cannot go to one person. */
export type PairConflict = "overlap" | "rest_time" | "daily_max";

/**
 * The rules that compare two shifts of one person, exactly as lib/shared/rules/evaluate.ts decides them:
 * - overlap in real time;
 * - rest time: between shifts of different dates, less than min_rest_hours from the earlier one's end to the later
 *   one's start. The rule compares a day's first start with the latest end of all earlier days; that pair breaks
 *   it exactly when some pair does (a negative gap is an overlap);
 * - CH's working day: two shifts of one date spanning more than 14 h from the first start to the last end.
 * DE's 10 h a day and the week's maximum sum hours and are capacities, not pairs.
 */
export function pairConflict(a: PreparedShift, b: PreparedShift, settings: RuleSettings): PairConflict | null {
  if (a.start < a.end && b.start < b.end && a.start < b.end && b.start < a.end) return "overlap";
  if (settings.labourRules === "none") return null;
  if (a.day !== b.day) {
    const [earlier, later] = a.day < b.day ? [a, b] : [b, a];
    return later.start - earlier.end < settings.minRestHours * HOUR_MS ? "rest_time" : null;
  }
  if (
    settings.labourRules === "CH" &&
    Math.max(a.end, b.end) - Math.min(a.start, b.start) > CH_DAILY_SPAN_HOURS * HOUR_MS
  )
    return "daily_max";
  return null;
}

/**
 * Shifts further apart than this many days never conflict: a shift lasts under 24 h and the rest time is at most
 * 24 h (the settings' limit), so a later shift must start within 48 h of the earlier one's start.
 */
export const CONFLICT_REACH_DAYS = 2;

export type BlockCode =
  | "location"
  | "vacation"
  | "absent"
  | "unavailable"
  | "overlap"
  | "rest_time"
  | "daily_max"
  | "weekly_max"
  | "consecutive_days";

/** Why a shift does not fit; `other` is the shift it collides with, `proposed` when that one is only proposed. */
export type Block = { code: BlockCode; other?: PreparedShift; proposed?: boolean };

/** The refusing and labour-law rules a single shift can break on its own (absences, a too long shift). */
const SINGLE_SHIFT_CODES = new Set(["vacation", "unavailable", "daily_max", "weekly_max"]);

export class EmployeeLoad {
  private readonly byDay = new Map<number, { at: PreparedShift; proposed: boolean }[]>();
  private readonly weekHours = new Map<number, number>();
  private readonly dayHours = new Map<number, number>();
  private readonly ruleEmployee: RuleEmployee;
  private readonly labourLaw: boolean;

  constructor(
    readonly employee: FillEmployee,
    private readonly settings: RuleSettings,
    private readonly absences: EmployeeAbsences,
    existing: PreparedShift[],
  ) {
    this.ruleEmployee = { ...employee, archived: false };
    this.labourLaw = settings.labourRules !== "none";
    for (const at of existing) this.add(at, false);
  }

  /** Hours worked (assigned and proposed) in the Monday–Sunday week of a day. */
  hoursInWeek(day: number): number {
    return this.weekHours.get(mondayOfDay(day)) ?? 0;
  }

  worksOn(day: number): boolean {
    return this.byDay.has(day);
  }

  add(at: PreparedShift, proposed = true): void {
    const list = this.byDay.get(at.day);
    if (list) list.push({ at, proposed });
    else this.byDay.set(at.day, [{ at, proposed }]);
    const monday = mondayOfDay(at.day);
    this.weekHours.set(monday, sumHours([this.weekHours.get(monday) ?? 0, at.netHours]));
    this.dayHours.set(at.day, sumHours([this.dayHours.get(at.day) ?? 0, at.netHours]));
  }

  /** Whether the employee works at the location (Einsatzorte, §28.1). */
  worksAt(locationId: number): boolean {
    return this.employee.location_ids.length === 0 || this.employee.location_ids.includes(locationId);
  }

  /** The rules the shift breaks on its own for this person: absences, a shift longer than a day or a week allows. */
  singleBlock(at: PreparedShift): Block | null {
    for (const { finding } of evaluateEmployee(this.settings, this.ruleEmployee, [at], this.absences)) {
      if (!SINGLE_SHIFT_CODES.has(finding.code)) continue;
      // An absence besides vacation keeps a person off the plan like one, but is named as what it is — "abwesend",
      // never its type (docs/PRODUCT-RULES.md §32.2).
      if (finding.code === "vacation" && this.absentOn(at.day)) return { code: "absent" };
      return { code: finding.code as BlockCode };
    }
    return null;
  }

  /** Whether the day is one of an absence besides vacation (sick, training, …), not of a vacation. */
  private absentOn(day: number): boolean {
    return this.absences.vacations.some((away) => away.absent && away.first <= day && day <= away.last);
  }

  /** The first reason the shift does not fit beside what the person works already, or null. */
  blockOf(at: PreparedShift, { checkSingle = true } = {}): Block | null {
    if (!this.worksAt(at.shift.location_id)) return { code: "location" };
    if (checkSingle) {
      const single = this.singleBlock(at);
      if (single) return single;
    }
    for (let day = at.day - CONFLICT_REACH_DAYS; day <= at.day + CONFLICT_REACH_DAYS; day++)
      for (const held of this.byDay.get(day) ?? []) {
        const conflict = pairConflict(at, held.at, this.settings);
        if (conflict) return { code: conflict, other: held.at, proposed: held.proposed };
      }
    if (!this.labourLaw) return null;
    if (sumHours([this.hoursInWeek(at.day), at.netHours]) > this.settings.weeklyMaxHours) return { code: "weekly_max" };
    if (
      this.settings.labourRules === "DE" &&
      sumHours([this.dayHours.get(at.day) ?? 0, at.netHours]) > DE_DAILY_MAX_HOURS
    )
      return { code: "daily_max" };
    if (!this.byDay.has(at.day) && this.runThrough(at.day) > MAX_CONSECUTIVE_DAYS) return { code: "consecutive_days" };
    return null;
  }

  /** The length of the run of working days a shift on `day` would make. */
  private runThrough(day: number): number {
    let before = 0;
    while (this.byDay.has(day - before - 1)) before++;
    let after = 0;
    while (this.byDay.has(day + after + 1)) after++;
    return before + 1 + after;
  }
}
