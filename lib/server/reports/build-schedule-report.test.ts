import { expect, test } from "vitest";
import { buildScheduleReport } from "./build-schedule-report";

// The same night shift in three weeks: the night of the change to summer time (7 h), an ordinary night (8 h), the
// night of the change back (9 h) — docs/PRODUCT-RULES.md §32.5. The first and last share their times with the
// ordinary night, so a length kept per start and end time must not leak across them.
test("the printed plan counts a night shift's real hours on the DST nights", () => {
  const nights = ["2026-03-28", "2026-04-04", "2026-10-24"];
  const cells = nights.map((date) => [1, date, [["Nora Nacht", "22:00", "06:00", null, 0, 7]]]);
  const report = buildScheduleReport({
    timeZone: "Europe/Zurich",
    startDate: "2026-03-23",
    endDate: "2026-10-25",
    locations: [{ id: 1, name: "Bahnhof", color: "#10b981" }],
    cells: JSON.stringify(cells),
  });
  const hours = report.weeks.map((week) => week.rows[0].cells.flat().map((shift) => shift.hours));
  expect(hours).toEqual([[7], [8], [9]]);
  expect(report.total).toBe(24);
});
