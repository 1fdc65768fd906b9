import { expect, test } from "vitest";
import { swapMarks } from "./swap-marks";

test("a running offer marks its shift: open while nobody accepted, waiting once accepted", () => {
  const marks = swapMarks([
    { shift_id: 10, kind: "give_away", status: "open" },
    { shift_id: 11, kind: "give_away", status: "accepted" },
    { shift_id: 12, kind: "swap", status: "open" },
    { shift_id: 20, kind: "swap", status: "open" },
    { shift_id: 13, kind: "swap", status: "accepted" },
  ]);
  expect([...marks]).toEqual([
    [10, { text: "Abgabe offen", waiting: false }],
    [11, { text: "Abgabe: wartet", waiting: true }],
    [12, { text: "Tausch offen", waiting: false }],
    [20, { text: "Tausch offen", waiting: false }],
    [13, { text: "Tausch: wartet", waiting: true }],
  ]);
});

test("no week loaded, or no offers: no marks", () => {
  expect(swapMarks(undefined).size).toBe(0);
  expect(swapMarks([]).size).toBe(0);
});
