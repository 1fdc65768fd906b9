import { expect, test } from "vitest";
import { eachDate, isoWeekday } from "@/lib/shared/dates";
import { buildHoursReport } from "./build-hours-report";

const ZONE = "Europe/Zurich";

// November 2026: 30 days, 21 Monday-Friday days (1 Nov is a Sunday).
// Anna (40 h/week) has a vacation Mon 16 – Fri 20 Nov (5 days) and a vacation
// Fri 27 Oct – Tue 3 Nov that overlaps the month on Mon 2 and Tue 3 (2 days).
// Her target: 40/5 × (21 − 7) = 112 h. Her shifts: 10 × 8 h day shifts, one
// 22:00–06:00 night shift on 30 Nov (8 h, counted on its start date) and one
// shift on 1 Dec (outside the range): 88 h scheduled, 11 shifts, −24 h.
// Ben is paid by the hour: 2 shifts of 4.5 h, no target.
// Cem (20 h/week) has nothing planned: target 84 h, difference −84 h.
const employees = [
  { id: 2, firstName: "Ben", lastName: "Zürcher", weeklyHours: 0, isHourly: true },
  { id: 1, firstName: "Anna", lastName: "Şahin", weeklyHours: 40, isHourly: false },
  { id: 3, firstName: "Cem", lastName: "Ağaoğlu", weeklyHours: 20, isHourly: false },
];
const annaDays = ["04", "05", "06", "09", "10", "11", "12", "13", "23", "24"];
const shifts = [
  ...annaDays.map((day) => ({ employeeId: 1, date: `2026-11-${day}`, start: "09:00", end: "17:00" })),
  { employeeId: 1, date: "2026-11-30", start: "22:00", end: "06:00" },
  { employeeId: 1, date: "2026-12-01", start: "09:00", end: "17:00" },
  { employeeId: 2, date: "2026-11-07", start: "10:00", end: "14:30" },
  { employeeId: 2, date: "2026-11-14", start: "10:00", end: "14:30" },
];
// The days the two vacations charged (written without a holiday region): their Monday-Friday days.
const weekdays = (start: string, end: string) => eachDate(start, end).filter((day) => isoWeekday(day) <= 5);
const vacationDays = [...weekdays("2026-11-16", "2026-11-20"), ...weekdays("2026-10-27", "2026-11-03")].map((day) => ({
  employeeId: 1,
  day,
}));

test("hours report for a month with a vacation and an overnight shift (hand-computed)", () => {
  const report = buildHoursReport({
    startDate: "2026-11-01",
    endDate: "2026-11-30",
    employees,
    shifts,
    vacationDays,
    timeZone: ZONE,
  });
  expect(report).toEqual({
    start_date: "2026-11-01",
    end_date: "2026-11-30",
    employees: [
      {
        employee_id: 3,
        first_name: "Cem",
        last_name: "Ağaoğlu",
        is_hourly: false,
        weekly_hours: 20,
        target_hours: 84,
        scheduled_hours: 0,
        difference: -84,
        shift_count: 0,
        vacation_days: 0,
        absence_hours: 0,
      },
      {
        employee_id: 1,
        first_name: "Anna",
        last_name: "Şahin",
        is_hourly: false,
        weekly_hours: 40,
        target_hours: 112,
        scheduled_hours: 88,
        difference: -24,
        shift_count: 11,
        vacation_days: 7,
        absence_hours: 0,
      },
      {
        employee_id: 2,
        first_name: "Ben",
        last_name: "Zürcher",
        is_hourly: true,
        weekly_hours: 0,
        target_hours: null,
        scheduled_hours: 9,
        difference: null,
        shift_count: 2,
        vacation_days: 0,
        absence_hours: null,
      },
    ],
    totals: {
      scheduled_hours: 97,
      target_hours: 196,
      shift_count: 13,
      salaried: {
        employees: 2,
        target_hours: 196,
        scheduled_hours: 88,
        difference: -108,
        shift_count: 11,
        vacation_days: 7,
      },
      hourly: { employees: 1, scheduled_hours: 9, shift_count: 2, vacation_days: 0 },
    },
  });
});

test("the total sets target against contract staff's hours only; hourly hours stand apart", () => {
  // Anna 40 h/week works 44 h in a week without holidays, Ben (hourly) 30 h: the total must not read 74 h of 40 h.
  const week = weekdays("2026-11-23", "2026-11-27");
  const report = buildHoursReport({
    timeZone: ZONE,
    startDate: "2026-11-23",
    endDate: "2026-11-29",
    employees: employees.slice(0, 2),
    shifts: [
      ...week.map((date) => ({ employeeId: 1, date, start: "08:00", end: "16:48" })),
      ...week.map((date) => ({ employeeId: 2, date, start: "08:00", end: "14:00" })),
    ],
    vacationDays: [],
  });
  expect(report.totals.salaried).toEqual({
    employees: 1,
    target_hours: 40,
    scheduled_hours: 44,
    difference: 4,
    shift_count: 5,
    vacation_days: 0,
  });
  expect(report.totals.hourly).toEqual({ employees: 1, scheduled_hours: 30, shift_count: 5, vacation_days: 0 });
  expect(report.totals.scheduled_hours).toBe(74);
});

test("a single week; fractional weekly hours", () => {
  const report = buildHoursReport({
    timeZone: ZONE,
    startDate: "2026-11-23",
    endDate: "2026-11-29",
    employees: [{ id: 1, firstName: "A", lastName: "B", weeklyHours: 42.5, isHourly: false }],
    shifts: [{ employeeId: 1, date: "2026-11-29", start: "18:00", end: "00:00" }],
    vacationDays: [],
  });
  expect(report.employees[0]).toMatchObject({
    target_hours: 42.5,
    scheduled_hours: 6,
    difference: -36.5,
    shift_count: 1,
  });
});

// December 2026 in Zurich: 23 Monday-Friday days, less Christmas (Fri 25) = 22 working days;
// Stephanstag (26) is a Saturday. Anna (40 h) took Mon 28 – Thu 31 Dec: 4 vacation days.
test("public holidays lower the target; a vacation day that is a holiday now counts once", () => {
  const report = buildHoursReport({
    timeZone: ZONE,
    startDate: "2026-12-01",
    endDate: "2026-12-31",
    employees: [
      { id: 1, firstName: "Anna", lastName: "A", weeklyHours: 40, isHourly: false },
      { id: 2, firstName: "Ben", lastName: "B", weeklyHours: 20, isHourly: false },
    ],
    shifts: [],
    // Ben's vacation day on the 25th was charged before the region was set.
    vacationDays: [
      ...weekdays("2026-12-28", "2026-12-31").map((day) => ({ employeeId: 1, day })),
      { employeeId: 2, day: "2026-12-25" },
    ],
    holidays: ["2026-12-25", "2026-12-26"],
  });
  expect(report.employees.map((row) => [row.first_name, row.target_hours, row.vacation_days])).toEqual([
    ["Anna", 8 * (22 - 4), 4],
    ["Ben", 4 * 22, 1],
  ]);
});

test("a night shift over a DST change counts its real hours: 7 h in March, 9 h in October (§32.5)", () => {
  const employees = [{ id: 1, firstName: "Nora", lastName: "Nacht", weeklyHours: 40, isHourly: true }];
  const night = (date: string) => ({ employeeId: 1, date, start: "22:00", end: "06:00" });
  const hoursOf = (startDate: string, endDate: string) =>
    buildHoursReport({ startDate, endDate, employees, shifts: [night(startDate)], vacationDays: [], timeZone: ZONE })
      .employees[0].scheduled_hours;
  expect(hoursOf("2026-03-28", "2026-03-28")).toBe(7);
  expect(hoursOf("2026-10-24", "2026-10-24")).toBe(9);
  expect(hoursOf("2026-11-07", "2026-11-07")).toBe(8);
});
