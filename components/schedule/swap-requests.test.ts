import { expect, test } from "vitest";
import {
  approvalRefused,
  decisionText,
  inWeek,
  swapParties,
  swapShiftText,
  swapStatusText,
  swapWeek,
  weekButtonText,
} from "./swap-requests";
import { swapDto } from "./test-data";

const ben = { id: 2, name: "Ben Cohn" };
const target = { ...swapDto(0, 20).shift, id: 20, shift_date: "2026-12-14", location_name: "Seefeld" };

test("a shift of an offer in de-CH words: weekday, date, times, location and its own name", () => {
  expect(swapShiftText(swapDto(1, 10).shift)).toBe("Sa 12.12.2026, 06:30–14:30, Bahnhof");
  expect(swapShiftText({ ...swapDto(1, 10).shift, custom_name: "Inventur" })).toBe(
    "Sa 12.12.2026, 06:30–14:30, Bahnhof · Inventur",
  );
});

test("who gives to whom: the one who accepted, else a swap's colleague, else nobody yet", () => {
  expect(swapParties(swapDto(1, 10))).toEqual({ from: "Lea Muster", to: null });
  expect(swapParties(swapDto(1, 10, { status: "accepted", accepted_by: ben }))).toEqual({
    from: "Lea Muster",
    to: "Ben Cohn",
  });
  expect(swapParties(swapDto(1, 10, { kind: "swap", target: ben, target_shift: target }))).toEqual({
    from: "Lea Muster",
    to: "Ben Cohn",
  });
});

test("status, week and the toasts", () => {
  const open = swapDto(1, 10);
  const accepted = swapDto(2, 11, { status: "accepted", accepted_by: ben });
  expect(swapStatusText(open)).toBe("Noch nicht angenommen");
  expect(swapStatusText(accepted)).toBe("Wartet auf Freigabe");
  expect(swapWeek(open)).toBe("2026-12-07");
  expect(weekButtonText(open)).toBe("Zur Woche (KW 50)");
  expect(decisionText(open, "approve")).toBe("Abgabe freigegeben!");
  expect(decisionText({ ...open, kind: "swap" }, "reject")).toBe("Tausch abgelehnt");
});

test("an offer is in the week shown when either of its shifts is", () => {
  const swap = swapDto(1, 10, { kind: "swap", target: ben, target_shift: target });
  expect(inWeek(swap, "2026-12-07")).toBe(true);
  expect(inWeek(swap, "2026-12-14")).toBe(true);
  expect(inWeek(swap, "2026-11-30")).toBe(false);
  expect(inWeek(swapDto(1, 10), "2026-12-14")).toBe(false);
});

test("an error finding means the approval would be refused; warnings do not", () => {
  const finding = { code: "rest_time", message: "Nur 9 h Ruhe", shift_id: 10, employee_id: 2 } as const;
  expect(approvalRefused(swapDto(1, 10, { findings: [{ ...finding, severity: "warning" }] }))).toBe(false);
  expect(approvalRefused(swapDto(1, 10, { findings: [{ ...finding, code: "overlap", severity: "error" }] }))).toBe(
    true,
  );
});
