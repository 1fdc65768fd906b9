import { describe, expect, test } from "vitest";
import { absenceSavedText, absenceSpan, absenceWeekLabel } from "./absence-text";

const slot = { id: 1, employee_id: 2, hours: null, type: "krank" as const };

describe("absence texts", () => {
  test("the planner's chip names the type and the week's days, clipped to the week; colleagues read abwesend", () => {
    const week = "2026-11-23";
    expect(absenceWeekLabel({ ...slot, start_date: "2026-11-23", end_date: "2026-11-25" }, week)).toBe("Krank Mo–Mi");
    expect(absenceWeekLabel({ ...slot, start_date: "2026-11-01", end_date: "2026-12-31" }, week)).toBe("Krank Mo–So");
    expect(absenceWeekLabel({ ...slot, type: null, start_date: "2026-11-27", end_date: "2026-12-02" }, week)).toBe(
      "abwesend Fr–So",
    );
    expect(
      absenceWeekLabel(
        { ...slot, type: "weiterbildung", hours: 2.5, start_date: "2026-11-24", end_date: "2026-11-24" },
        week,
      ),
    ).toBe("Weiterbildung Di 2.5 h");
  });
  test("spans and the saved toast", () => {
    expect(absenceSpan({ start_date: "2034-06-05", end_date: "2034-06-07", hours: null })).toBe(
      "05.06.2034 – 07.06.2034",
    );
    expect(absenceSpan({ start_date: "2034-06-05", end_date: "2034-06-05", hours: null })).toBe("05.06.2034");
    expect(absenceSpan({ start_date: "2034-06-05", end_date: "2034-06-05", hours: 2 })).toBe("05.06.2034, 2.0 h");
    expect(absenceSavedText({ opened_shifts: 0 }, false)).toBe("Abwesenheit erfasst!");
    expect(absenceSavedText({ opened_shifts: 2 }, true)).toBe(
      "Abwesenheit aktualisiert! 2 Schichten sind jetzt offen.",
    );
  });
});
