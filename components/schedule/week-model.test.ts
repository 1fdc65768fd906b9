import { describe, expect, test } from "vitest";
import type { UnavailabilityDto, VacationDto } from "@/lib/shared/api-types";
import {
  applicationsByShift,
  availability,
  cells,
  employeeRows,
  findingsByShift,
  holidayPlaces,
  onVacation,
  rows,
  shiftsByEmployeeDay,
  unavailabilityLabel,
  weekdayRuns,
  targetsById,
} from "./week-model";
import { employeeDto, locationDto, shiftDto } from "./test-data";

const WEEK = "2026-11-23";
const ANNA = employeeDto(1, "Anna", "Muster", { weekly_hours: 16 });
const BEN = employeeDto(2, "Ben", "Keller", { is_hourly: true, weekly_hours: 0, location_ids: [2] });

function vacation(employee_id: number, start_date: string, end_date: string): VacationDto {
  return {
    id: employee_id * 100,
    employee_id,
    first_name: "",
    last_name: "",
    start_date,
    end_date,
    days_count: 1,
    status: "approved",
    notes: null,
    rejection_reason: null,
    created_at: "2026-01-01T00:00:00.000Z",
  };
}

const unavailable = (start_date: string, end_date: string, times?: [string, string]): UnavailabilityDto => ({
  id: 1,
  employee_id: 1,
  start_date,
  end_date,
  weekday: null,
  start_time: times?.[0] ?? null,
  end_time: times?.[1] ?? null,
  note: null,
});

describe("the week's people", () => {
  test("hours against the contract, status, vacation days and unavailability of the week", () => {
    const shifts = [
      shiftDto(1, { employee_id: 1, hours: 7.5 }),
      shiftDto(2, { employee_id: 1, hours: 8.5, shift_date: "2026-11-24" }),
      shiftDto(3, { employee_id: 2, hours: 4 }),
      shiftDto(4, { hours: 8 }),
    ];
    const entry = unavailable("2026-11-20", "2026-11-24");
    const [anna, ben] = availability(
      [ANNA, BEN],
      shifts,
      [vacation(1, "2026-11-27", "2026-12-02"), vacation(2, "2026-11-01", "2026-11-02")],
      WEEK,
      [entry],
    );
    expect(anna).toMatchObject({ scheduled: 16, remaining: 0, status: "full" });
    expect(anna.vacationDays).toEqual(["2026-11-27", "2026-11-28", "2026-11-29"]);
    expect(anna.unavailability).toEqual([entry]);
    expect(ben).toMatchObject({ scheduled: 4, remaining: null, status: "free", vacationDays: [], unavailability: [] });
    expect(onVacation([vacation(1, "2026-11-27", "2026-12-02")], 1, "2026-12-02")).toBe(true);
    expect(onVacation([vacation(1, "2026-11-27", "2026-12-02")], 1, "2026-12-03")).toBe(false);
    expect(onVacation([vacation(1, "2026-11-27", "2026-12-02")], 2, "2026-11-28")).toBe(false);
  });

  test("rows by employee: the week's target (none for hourly staff), Einsatzorte, archived people with shifts", () => {
    const shifts = [
      shiftDto(1, { employee_id: 1, hours: 7.5 }),
      shiftDto(2, { employee_id: 9, employee_name: "Alt Person", hours: 4 }),
      shiftDto(3, { employee_id: 9, employee_name: "Alt Person", hours: 3.25 }),
    ];
    const people = availability([ANNA, BEN], shifts, [], WEEK);
    expect(employeeRows(people, shifts)).toEqual([
      { id: 1, name: "Anna Muster", hours: 7.5, targetHours: 16, archived: false, locationIds: [] },
      { id: 2, name: "Ben Keller", hours: 0, targetHours: null, archived: false, locationIds: [2] },
      { id: 9, name: "Alt Person", hours: 7.25, targetHours: null, archived: true, locationIds: [] },
    ]);
  });

  test("remaining hours are the server's target of the week less the scheduled hours, never the contract's", () => {
    const shifts = [shiftDto(1, { employee_id: 1, hours: 4 })];
    // A holiday and a vacation day took Anna's 16 h down to 9.6 h: the browser takes the number as given.
    const targets = targetsById([
      { employee_id: 1, target_hours: 9.6 },
      { employee_id: 2, target_hours: null },
    ]);
    const [anna, ben] = availability([ANNA, BEN], shifts, [], WEEK, [], targets);
    expect(anna).toMatchObject({ scheduled: 4, target: 9.6, remaining: 5.6, status: "free" });
    expect(ben).toMatchObject({ target: null, remaining: null, status: "free" });
    expect(employeeRows([anna, ben], shifts)[0]).toMatchObject({ hours: 4, targetHours: 9.6 });
  });
});

describe("the grid's cells and rows", () => {
  test("shifts by location and day and by person and day, in the API's order", () => {
    const shifts = [
      shiftDto(1, { employee_id: 1 }),
      shiftDto(2, { start_time: "12:00" }),
      shiftDto(3, { location_id: 2, shift_date: "2026-11-24" }),
    ];
    const byCell = cells(shifts);
    expect(byCell.get("1|2026-11-23")?.map((s) => s.id)).toEqual([1, 2]);
    expect(byCell.get("2|2026-11-24")?.map((s) => s.id)).toEqual([3]);
    const byPerson = shiftsByEmployeeDay(shifts);
    expect(byPerson.get("1|2026-11-23")?.map((s) => s.id)).toEqual([1]);
    expect(byPerson.get("open|2026-11-23")?.map((s) => s.id)).toEqual([2]);
    expect(byPerson.get("open|2026-11-24")?.map((s) => s.id)).toEqual([3]);
  });

  test("an archived location with shifts this week stays a row", () => {
    const shifts = [shiftDto(1, { location_id: 7, location_name: "Alter Laden", location_color: "#123456" })];
    expect(rows([locationDto(1, "Altstadt")], shifts).map((row) => [row.id, row.name, row.color])).toEqual([
      [1, "Altstadt", "#10B981"],
      [7, "Alter Laden", "#123456"],
    ]);
  });

  test("holidays of every active location go in the day's header, others in their cells", () => {
    const { byDay, byCell } = holidayPlaces(
      [
        { date: "2026-12-25", name: "Weihnachten", location_ids: [1, 2] },
        { date: "2026-12-26", name: "Stephanstag", location_ids: [2] },
      ],
      [1, 2],
    );
    expect([...byDay]).toEqual([["2026-12-25", ["Weihnachten"]]]);
    expect([...byCell]).toEqual([["2|2026-12-26", ["Stephanstag"]]]);
  });

  test("findings and applications by shift", () => {
    const finding = {
      code: "rest_time" as const,
      severity: "warning" as const,
      message: "m",
      shift_id: 4,
      employee_id: 1,
    };
    expect(findingsByShift([finding, { ...finding, code: "weekly_max" }]).get(4)).toHaveLength(2);
    const application = {
      shift_id: 4,
      employee_id: 1,
      employee_name: "Anna Muster",
      created_at: "2026-11-20T08:00:00.000Z",
    };
    expect(applicationsByShift([application]).get(4)).toEqual([application]);
  });
});

describe("naming days of the week", () => {
  test("runs of weekdays, and an unavailability entry's days within the week with its window", () => {
    expect(weekdayRuns(["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-27"], WEEK)).toBe("Mo–Mi, Fr");
    expect(weekdayRuns(["2026-11-26"], WEEK)).toBe("Do");
    expect(unavailabilityLabel(unavailable("2026-11-20", "2026-11-24"), WEEK)).toBe("Mo–Di");
    expect(unavailabilityLabel(unavailable("2026-11-27", "2026-12-03", ["14:00", "18:00"]), WEEK)).toBe(
      "Fr–So 14:00–18:00",
    );
  });
});
