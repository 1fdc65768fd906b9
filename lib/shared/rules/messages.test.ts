import { describe, expect, test } from "vitest";
import { ruleMessages, toSecondPerson } from "./messages";

const shift = { shift_date: "2026-12-04", start_time: "06:00", end_time: "14:00", location_name: "Altstadt" };

describe("findings spoken to the person they are about (docs/PRODUCT-RULES.md §31.2)", () => {
  const name = "Fatima Osman";
  // One text of every kind in ruleMessages: a new kind must be added here, or the count below fails.
  const texts: Record<keyof typeof ruleMessages, [string, string]> = {
    overlap: [ruleMessages.overlap(name, shift), "Du arbeitest am 04.12.2026 bereits 06:00–14:00 (Altstadt)"],
    vacation: [ruleMessages.vacation(name, "2026-12-04"), "Du hast am 04.12.2026 Ferien"],
    unavailable: [ruleMessages.unavailable(name, "2026-12-04", null), "Du bist am 04.12.2026 nicht verfügbar"],
    absent: [ruleMessages.absent(name, "2026-12-04"), "Du bist am 04.12.2026 abwesend"],
    restTime: [
      ruleMessages.restTime(name, shift, { start_time: "20:00" }, 6, 11),
      "Du hast nach der Schicht am 04.12.2026 bis 14:00 (Altstadt) nur 6.0 h Ruhezeit bis 20:00 (mindestens 11 h)",
    ],
    dailyNet: [ruleMessages.dailyNet(name, "2026-12-04", 11, 10), "Du arbeitest am 04.12.2026 11.0 h (höchstens 10 h)"],
    dailySpan: [
      ruleMessages.dailySpan(name, "2026-12-04", "06:00", "21:00", 15, 14),
      "Du bist am 04.12.2026 von 06:00 bis 21:00 15.0 h im Einsatz (höchstens 14 h inkl. Pausen)",
    ],
    weeklyMax: [
      ruleMessages.weeklyMax(name, "2026-11-30", 52, 50),
      "Du arbeitest in der Woche vom 30.11.2026 52.0 h (höchstens 50 h)",
    ],
    break: [
      ruleMessages.break(name, shift, 0, 30),
      "Deine Pause am 04.12.2026 (06:00–14:00) ist 0 min, nötig sind mindestens 30 min",
    ],
    consecutiveDays: [
      ruleMessages.consecutiveDays(name, "2026-12-04", 7, false),
      "Du arbeitest am 04.12.2026 den 7. Tag in Folge",
    ],
    overbooked: [
      ruleMessages.overbooked(name, "2026-11-30", 42, 40),
      "Du bist in der Woche vom 30.11.2026 mit 42.0 h über den vertraglichen 40.0 h",
    ],
  };

  test.each(Object.entries(texts))("%s", (_kind, [third, second]) => {
    expect(toSecondPerson(third, name)).toBe(second);
  });

  test("covers every kind of text", () => {
    expect(Object.keys(texts).sort()).toEqual(Object.keys(ruleMessages).sort());
  });

  test("leaves a text about someone else as it is", () => {
    const other = ruleMessages.unavailable("Anna Meier", "2026-12-04", null);
    expect(toSecondPerson(other, name)).toBe(other);
  });
});
