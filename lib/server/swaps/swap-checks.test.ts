import { describe, expect, test } from "vitest";
import type { RuleInput, RuleShift } from "@/lib/shared/rules";
import { judgeSwap, swapFindings } from "./swap-checks";

// The rules of both sides of an offer (docs/PRODUCT-RULES.md §35.3): both shifts change hands at once.

const LEA = { id: 1, name: "Lea Muster", weekly_hours: 40, is_hourly: false, archived: false };
const BEN = { id: 2, name: "Ben Cohn", weekly_hours: 40, is_hourly: false, archived: false };

const shift = (id: number, employee_id: number, shift_date: string, start: string, end: string): RuleShift => ({
  id,
  employee_id,
  location_id: employee_id === LEA.id ? 10 : 20,
  location_name: employee_id === LEA.id ? "Bahnhof" : "Seefeld",
  shift_date,
  start_time: start,
  end_time: end,
  break_minutes: 30,
});

const facts = (shifts: RuleShift[], vacations: RuleInput["vacations"] = []): RuleInput => ({
  settings: { labourRules: "CH", weeklyMaxHours: 50, minRestHours: 11, timeZone: "Europe/Zurich" },
  employees: [LEA, BEN],
  shifts,
  vacations,
  unavailability: [],
});

const everywhere = { taker: [], giver: [] };

describe("swapFindings / judgeSwap", () => {
  test("two shifts at the same hour swapped are no overlap: both change hands at once", () => {
    const leas = shift(1, LEA.id, "2026-12-12", "06:30", "14:30");
    const bens = shift(2, BEN.id, "2026-12-12", "06:30", "14:30");
    const sides = { shift: leas, target: bens, offeredBy: LEA.id, taker: BEN.id };
    expect(swapFindings(facts([leas, bens]), sides)).toEqual({ taker: [], giver: [] });
    expect(judgeSwap(facts([leas, bens]), sides, everywhere)).toEqual({ findings: { taker: [], giver: [] } });
  });

  test("giving a shift away to someone busy then is an overlap of the taker", () => {
    const leas = shift(1, LEA.id, "2026-12-12", "06:30", "14:30");
    const busy = shift(3, BEN.id, "2026-12-12", "10:00", "18:00");
    const verdict = judgeSwap(
      facts([leas, busy]),
      { shift: leas, target: null, offeredBy: LEA.id, taker: BEN.id },
      everywhere,
    );
    expect(verdict).toMatchObject({ refusal: { kind: "rule", side: "taker", finding: { code: "overlap" } } });
  });

  test("the giver's side: a vacation day on the shift taken in return refuses the swap", () => {
    const leas = shift(1, LEA.id, "2026-12-12", "06:30", "14:30");
    const bens = shift(2, BEN.id, "2026-12-13", "10:00", "18:00");
    const vacation = [{ employee_id: LEA.id, start_date: "2026-12-13", end_date: "2026-12-13" }];
    const verdict = judgeSwap(
      facts([leas, bens], vacation),
      { shift: leas, target: bens, offeredBy: LEA.id, taker: BEN.id },
      everywhere,
    );
    expect(verdict).toMatchObject({ refusal: { kind: "rule", side: "giver", finding: { code: "vacation" } } });
  });

  test("Einsatzorte: the taker must work where the shift is, the giver where the one in return is", () => {
    const leas = shift(1, LEA.id, "2026-12-12", "06:30", "14:30");
    const bens = shift(2, BEN.id, "2026-12-14", "06:30", "14:30");
    const sides = { shift: leas, target: bens, offeredBy: LEA.id, taker: BEN.id };
    expect(judgeSwap(facts([leas, bens]), sides, { taker: [20], giver: [] })).toEqual({
      refusal: { kind: "location", side: "taker" },
    });
    expect(judgeSwap(facts([leas, bens]), sides, { taker: [10], giver: [10] })).toEqual({
      refusal: { kind: "location", side: "giver" },
    });
    expect(judgeSwap(facts([leas, bens]), sides, { taker: [10, 20], giver: [20] })).toMatchObject({ findings: {} });
  });

  test("warnings are kept, not refused: too little rest for the taker", () => {
    const leas = shift(1, LEA.id, "2026-12-12", "06:00", "14:00");
    const late = shift(3, BEN.id, "2026-12-11", "18:00", "23:30");
    const verdict = judgeSwap(
      facts([leas, late]),
      { shift: leas, target: null, offeredBy: LEA.id, taker: BEN.id },
      everywhere,
    );
    expect(verdict).toMatchObject({ findings: { taker: [{ code: "rest_time", severity: "warning" }], giver: [] } });
  });
});
