import { describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import { toDateColumn, toTimeColumn } from "@/lib/server/db/columns";
import { call, callForBytes, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { pdfPageCount, pdfText } from "@/tests/support/pdf";
import { GET } from "./route";

describe("GET /api/reports/schedule/pdf", () => {
  test("one week: a grid of locations × Mo–So with names (or Offen), times, hours and totals", async () => {
    const { token } = await createUser("manager");
    const cafe = await fx.location({ name: "Café Łódź 1" });
    const e = await fx.employee({ firstName: "Ayşe", lastName: "Ağaoğlu" });
    await fx.shift({ employeeId: e.id, locationId: cafe.id, date: "2042-06-02", start: "07:00", end: "15:30" });
    await fx.shift({ employeeId: e.id, locationId: cafe.id, date: "2042-06-03", start: "22:00", end: "06:00" });
    await fx.shift({ locationId: cafe.id, date: "2042-06-08", start: "10:00", end: "14:00" });

    const res = await callForBytes(GET, {
      token,
      path: "/api/reports/schedule/pdf?start_date=2042-06-02&end_date=2042-06-08",
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="Arbeitsplan_2042-06-02_2042-06-08.pdf"');
    expect(res.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(res.bytes);
    expect(text).toContain("Arbeitsplan");
    expect(text).toContain("02.06.2042 – 08.06.2042");
    expect(text).toContain("KW 23");
    for (const day of ["Mo 02.06.", "Di 03.06.", "Mi 04.06.", "Do 05.06.", "Fr 06.06.", "Sa 07.06.", "So 08.06."])
      expect(text).toContain(day);
    expect(text).toContain("Café Łódź 1");
    expect(text).toContain("Ağaoğlu");
    expect(text).toMatch(/10:00–14:00 4\.0 h\s+Offen/);
    expect(text).toMatch(/07:00–15:30 8\.5 h\s+Ayşe/);
    expect(text).toMatch(/22:00–06:00 8\.0 h\s+Ayşe/);
    expect(text).toMatch(/Café Łódź 1[^\n]*20\.5 h/); // the location's week total
    expect(text).toContain("Seite 1 von");
  });

  test("a cell lists its shifts by start time; a custom shift prints its name; the period counts them", async () => {
    const { token } = await createUser("manager");
    const lager = await fx.location({ name: "Lager Süd" });
    const e = await fx.employee({ firstName: "Łukasz", lastName: "Nowak" });
    await db.shift.create({
      data: {
        employeeId: e.id,
        locationId: lager.id,
        shiftDate: toDateColumn("2042-07-02"),
        startTime: toTimeColumn("14:00"),
        endTime: toTimeColumn("18:00"),
        isCustom: true,
        customName: "Inventur",
      },
    });
    await fx.shift({ locationId: lager.id, date: "2042-07-02", start: "06:00", end: "10:00" });

    const res = await callForBytes(GET, {
      token,
      path: "/api/reports/schedule/pdf?start_date=2042-07-02&end_date=2042-07-02",
    });
    const text = pdfText(res.bytes);
    expect(text).toContain("02.07.2042 – 02.07.2042 · 2 Schichten · 8.0 h");
    expect(text).toMatch(/06:00–10:00 4\.0 h\s+Offen/);
    expect(text).toMatch(/14:00–18:00 4\.0 h\s+Łukasz/);
    expect(text.indexOf("06:00–10:00")).toBeLessThan(text.indexOf("14:00–18:00"));
    expect(text).toContain("Inventur");
  });

  test("a month: one section per week, each starting on a new page", async () => {
    const { token } = await createUser("admin");
    const l = await fx.location({ name: "Monatsfiliale" });
    await fx.shift({ locationId: l.id, date: "2042-09-01" });
    const res = await callForBytes(GET, {
      token,
      path: "/api/reports/schedule/pdf?start_date=2042-09-01&end_date=2042-09-30",
    });
    const text = pdfText(res.bytes);
    for (const week of ["KW 36", "KW 37", "KW 38", "KW 39", "KW 40"]) expect(text).toContain(week);
    expect(pdfPageCount(res.bytes)).toBeGreaterThanOrEqual(5);
  });

  test("needs both dates; users get 403", async () => {
    const { token } = await createUser("manager");
    expect((await call(GET, { token, path: "/api/reports/schedule/pdf?start_date=2042-09-01" })).status).toBe(400);
    const user = await createUser("user");
    expect(
      (
        await callForBytes(GET, {
          token: user.token,
          path: "/api/reports/schedule/pdf?start_date=2042-09-01&end_date=2042-09-07",
        })
      ).status,
    ).toBe(403);
  });
});
