import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { breakHint, minimumBreak, requiredBreak, suggestedBreak } from "./breaks";
import type { LabourRules } from "./types";

const h = (hours: number) => Math.round(hours * 60);

describe("minimumBreak", () => {
  test("CH (ArG Art. 15): 15 min above 5.5 h of work, 30 above 7 h, 60 above 9 h", () => {
    const table: [number, number][] = [
      [h(4), 0],
      [h(5.5), 0], // exactly 5.5 h: no break needed
      [h(5.5) + 5, 15], // 5 h 35: never less than the law's shortest break
      [h(5.5) + 15, 15],
      [h(5.75), 15],
      [h(7), 15], // 7 h gross, 6 h 45 net
      [h(7.25), 15], // 7 h 15 gross, exactly 7 h net
      [h(7.25) + 5, 20], // 7 h 20: 20 min leave exactly 7 h
      [h(7.5), 30],
      [h(9), 30],
      [h(9.5), 30], // exactly 9 h net with 30 min
      [h(9.5) + 5, 35], // 9 h 35: 35 min leave exactly 9 h of work, which needs 30
      [h(9.75), 45], // 9 h 45: 45 min leave 9 h; the step 30 would leave 9 h 15, which needs 60
      [h(10), 60], // 55 min would leave 9 h 05 of work
      [h(12), 60],
    ];
    for (const [duration, expected] of table) expect(minimumBreak(duration, "CH"), `${duration} min`).toBe(expected);
  });

  test("DE (ArbZG §4): 30 min above 6 h of work, 45 above 9 h", () => {
    const table: [number, number][] = [
      [h(6), 0],
      [h(6) + 5, 30], // 6 h 05: never less than the law's shortest break
      [h(6.5), 30],
      [h(9), 30],
      [h(9.5), 30], // exactly 9 h net
      [h(9.5) + 5, 35],
      [h(9.75), 45],
      [h(11), 45],
    ];
    for (const [duration, expected] of table) expect(minimumBreak(duration, "DE"), `${duration} min`).toBe(expected);
  });

  test("no labour rules: never a break", () => {
    expect(minimumBreak(h(12), "none")).toBe(0);
    expect(requiredBreak(h(12), "none")).toBe(0);
  });

  test("the least break the law accepts (0 or from its shortest on); every longer one too", () => {
    const fine = (duration: number, breakMinutes: number, rules: LabourRules) =>
      breakMinutes >= requiredBreak(duration - breakMinutes, rules);
    fc.assert(
      fc.property(fc.integer({ min: 5, max: 1435 }), fc.constantFrom<LabourRules>("CH", "DE", "none"), (d, rules) => {
        const minimum = minimumBreak(d, rules);
        if (minimum % 5 !== 0 || minimum >= Math.max(d, 5) || !fine(d, minimum, rules)) return false;
        const shortest = rules === "CH" ? 15 : 30;
        if (minimum > 0 && (fine(d, 0, rules) || minimum < shortest)) return false;
        if (minimum > shortest && fine(d, minimum - 5, rules)) return false;
        for (let b = minimum; b < d; b += 5) if (!fine(d, b, rules)) return false;
        return true;
      }),
    );
  });
});

test("the requirement counts net work: more than the threshold, not equal to it", () => {
  expect(requiredBreak(h(5.5), "CH")).toBe(0);
  expect(requiredBreak(h(5.5) + 1, "CH")).toBe(15);
  expect(requiredBreak(h(7) + 1, "CH")).toBe(30);
  expect(requiredBreak(h(9) + 1, "CH")).toBe(60);
  expect(requiredBreak(h(6), "DE")).toBe(0);
  expect(requiredBreak(h(9) + 1, "DE")).toBe(45);
});

describe("suggestedBreak and breakHint: the shift dialog's and the presets' proposal (§31.4)", () => {
  test("the legal minimum of the times, 0 while they are incomplete; the hint names it", () => {
    expect(suggestedBreak("06:30", "14:30", "CH")).toBe(30);
    expect(suggestedBreak("22:00", "06:30", "CH")).toBe(30);
    expect(suggestedBreak("06:30", "", "CH")).toBe(0);
    expect(breakHint(30, "CH")).toBe("Gesetzliche Mindestpause: 30 Min.");
    expect(breakHint(0, "DE")).toBe("Gesetzliche Mindestpause: keine");
    expect(breakHint(0, "none")).toBeUndefined();
  });
});
