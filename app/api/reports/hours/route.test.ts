import { describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import { call, callForBytes, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import type { HoursReport } from "@/lib/shared/report-types";
import { pdfFillColors, pdfText } from "@/tests/support/pdf";
import { GET as hoursPdf } from "./pdf/route";
import { GET as hours } from "./route";

// Far in the future so no other test's shifts fall into the range.
const MONTH = "start_date=2041-04-01&end_date=2041-04-30"; // 1 April 2041 is a Monday: 22 Monday-Friday days

async function fixture() {
  const e = await fx.employee({ firstName: "Ayşe", lastName: "Şahin", weeklyHours: 40 });
  const hourly = await fx.employee({ firstName: "Łukasz", lastName: "Nowak", isHourly: true, weeklyHours: 0 });
  const gone = await fx.employee({ firstName: "Ex", lastName: "Ağaoğlu", weeklyHours: 10 });
  const l = await fx.location();
  await fx.shift({ employeeId: e.id, locationId: l.id, date: "2041-04-02", start: "09:00", end: "17:00" });
  await fx.shift({ employeeId: e.id, locationId: l.id, date: "2041-04-30", start: "22:00", end: "06:00" });
  await fx.shift({ employeeId: hourly.id, locationId: l.id, date: "2041-04-03", start: "10:00", end: "14:30" });
  await fx.shift({ employeeId: gone.id, locationId: l.id, date: "2041-04-04", start: "08:00", end: "12:00" });
  await fx.shift({ locationId: l.id, date: "2041-04-05" }); // unassigned: in nobody's hours
  await fx.vacation({ employeeId: e.id, start: "2041-04-15", end: "2041-04-19", days: 5 }); // Monday to Friday
  await db.employee.update({ where: { id: gone.id }, data: { archivedAt: new Date() } });
  return { e, hourly, gone };
}

describe("GET /api/reports/hours", () => {
  test("targets, scheduled hours, differences, vacation days; archived staff who worked are included", async () => {
    const { token } = await createUser("manager");
    const { e, hourly, gone } = await fixture();
    const res = await call(hours, { token, path: `/api/reports/hours?${MONTH}` });
    expect(res.status).toBe(200);
    const rows = (res.json.employees as unknown as { employee_id: number }[]).filter((row) =>
      [e.id, hourly.id, gone.id].includes(row.employee_id),
    );
    expect(rows).toEqual([
      {
        employee_id: gone.id,
        first_name: "Ex",
        last_name: "Ağaoğlu",
        is_hourly: false,
        weekly_hours: 10,
        target_hours: 44,
        scheduled_hours: 4,
        difference: -40,
        shift_count: 1,
        vacation_days: 0,
        absence_hours: 0,
      },
      {
        employee_id: hourly.id,
        first_name: "Łukasz",
        last_name: "Nowak",
        is_hourly: true,
        weekly_hours: 0,
        target_hours: null,
        scheduled_hours: 4.5,
        difference: null,
        shift_count: 1,
        vacation_days: 0,
        absence_hours: null,
      },
      {
        employee_id: e.id,
        first_name: "Ayşe",
        last_name: "Şahin",
        is_hourly: false,
        weekly_hours: 40,
        target_hours: 136,
        scheduled_hours: 16,
        difference: -120,
        shift_count: 2,
        vacation_days: 5,
        absence_hours: 0,
      },
    ]);
    expect(res.json).toMatchObject({
      start_date: "2041-04-01",
      end_date: "2041-04-30",
      totals: { shift_count: expect.any(Number) },
    });
  });

  test("employee_id narrows the report to one person; unknown ids are 404; the range is validated", async () => {
    const { token } = await createUser("admin");
    const { e } = await fixture();
    const one = await call(hours, { token, path: `/api/reports/hours?${MONTH}&employee_id=${e.id}` });
    expect((one.json.employees as unknown[]).length).toBe(1);
    expect(one.json.totals).toEqual({
      scheduled_hours: 16,
      target_hours: 136,
      shift_count: 2,
      salaried: {
        employees: 1,
        target_hours: 136,
        scheduled_hours: 16,
        difference: -120,
        shift_count: 2,
        vacation_days: 5,
      },
      hourly: { employees: 0, scheduled_hours: 0, shift_count: 0, vacation_days: 0 },
    });
    expect((await call(hours, { token, path: `/api/reports/hours?${MONTH}&employee_id=999999999` })).status).toBe(404);
    expect(
      (await call(hours, { token, path: "/api/reports/hours?start_date=2041-04-30&end_date=2041-04-01" })).status,
    ).toBe(400);
  });

  test("a break is not worked time: scheduled hours are the shifts' lengths less their breaks", async () => {
    const { token } = await createUser("manager");
    const e = await fx.employee({ weeklyHours: 40 });
    const l = await fx.location();
    const shift = await fx.shift({
      employeeId: e.id,
      locationId: l.id,
      date: "2041-06-04",
      start: "08:00",
      end: "17:00",
    });
    await db.shift.update({ where: { id: shift.id }, data: { breakMinutes: 45 } });
    const res = await call(hours, {
      token,
      path: `/api/reports/hours?start_date=2041-06-03&end_date=2041-06-09&employee_id=${e.id}`,
    });
    expect(res.json.employees).toMatchObject([{ scheduled_hours: 8.25, shift_count: 1 }]);
  });

  test("users may not see reports", async () => {
    const { token } = await createUser("user");
    expect((await call(hours, { token, path: `/api/reports/hours?${MONTH}` })).status).toBe(403);
    expect((await callForBytes(hoursPdf, { token, path: `/api/reports/hours/pdf?${MONTH}` })).status).toBe(403);
  });
});

describe("GET /api/reports/hours/pdf", () => {
  test("a real PDF named Stundenbericht_<start>_<end>.pdf with names, dates and totals", async () => {
    const { token } = await createUser("manager");
    const { e } = await fixture();
    const res = await callForBytes(hoursPdf, { token, path: `/api/reports/hours/pdf?${MONTH}&employee_id=${e.id}` });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="Stundenbericht_2041-04-01_2041-04-30.pdf"',
    );
    expect(res.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(res.bytes);
    expect(text).toContain("Stundenbericht");
    expect(text).toContain("01.04.2041 – 30.04.2041");
    expect(text).toContain("Şahin, Ayşe");
    expect(text).toMatch(/136\.0 h\s+16\.0 h\s+-120\.0 h\s+2\s+5/);
    expect(text).toMatch(/Total Fest \(1 Mitarbeitende\)\s+136\.0 h\s+16\.0 h\s+-120\.0 h\s+2\s+5/);
    expect(text).not.toMatch(/Total Stundenlohn \(/);
    expect(text).toMatch(/Seite 1 von 1/);
    expect(text).toMatch(/Gedruckt am \d{2}\.\d{2}\.\d{4}/);
  });

  test("totals: target vs contract staff's hours, hourly apart; overtime amber, shortfall red", async () => {
    const { token } = await createUser("manager");
    // A week far ahead that no other test plans (the totals count everyone's shifts): 7–13 March 2061, five
    // Monday–Friday days.
    const range = "start_date=2061-03-07&end_date=2061-03-13";
    const over = await fx.employee({ firstName: "Oskar", lastName: "Überzeit", weeklyHours: 10 });
    const hourly = await fx.employee({ firstName: "Hana", lastName: "Stündlich", isHourly: true, weeklyHours: 0 });
    const l = await fx.location();
    await fx.shift({ employeeId: over.id, locationId: l.id, date: "2061-03-07", start: "06:00", end: "18:00" });
    await fx.shift({ employeeId: hourly.id, locationId: l.id, date: "2061-03-08", start: "08:00", end: "18:00" });

    const report = (await call(hours, { token, path: `/api/reports/hours?${range}` })).json as unknown as HoursReport;
    const { salaried, hourly: paidByHour } = report.totals;
    expect(report.employees.find((row) => row.employee_id === over.id)?.difference).toBe(2);
    expect(salaried.scheduled_hours).toBe(12); // only Oskar worked among those with a target
    expect(paidByHour.scheduled_hours).toBe(10);
    expect(report.totals.scheduled_hours).toBe(22);

    const pdf = (await callForBytes(hoursPdf, { token, path: `/api/reports/hours/pdf?${range}` })).bytes;
    const text = pdfText(pdf);
    expect(text).toMatch(/Überzeit, Oskar\s+Fest \(10\.0 h\/Woche\)\s+10\.0 h\s+12\.0 h\s+\+2\.0 h/);
    expect(text).toMatch(new RegExp(`Total Fest \\(${salaried.employees} Mitarbeitende\\)\\s+\\S+ h\\s+12\\.0 h`));
    expect(text).toMatch(
      new RegExp(`Total Stundenlohn \\(${paidByHour.employees} Mitarbeitende\\)\\s+–\\s+10\\.0 h\\s+–`),
    );
    expect(text).toContain("ihre Stunden stehen im Total Stundenlohn, nicht in der Differenz");
    expect(pdfFillColors(pdf)).toContain("#b45309"); // Oskar's +2.0 h

    // One employee under target: red, nothing amber.
    const shortPdf = (
      await callForBytes(hoursPdf, { token, path: `/api/reports/hours/pdf?${MONTH}&employee_id=${over.id}` })
    ).bytes;
    expect(pdfText(shortPdf)).toMatch(/-44\.0 h/);
    expect(pdfFillColors(shortPdf)).toContain("#b91c1c");
    expect(pdfFillColors(shortPdf)).not.toContain("#b45309");
  });
});
