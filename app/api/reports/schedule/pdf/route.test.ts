import { describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import { toDateColumn, toTimeColumn } from "@/lib/server/db/columns";
import { call, callForBytes, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { pdfPageCount, pdfRawText, pdfText } from "@/tests/support/pdf";
import { GET } from "./route";

/** The drawn lines in drawing order, joined by single spaces: texts as they wrap in the cells, read on. */
const drawn = (pdf: Buffer) => pdfRawText(pdf).replace(/\s+/g, " ");

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
    // Large type on a page of its own (docs/PRODUCT-RULES.md §27.6): the shifts wrap in their cells.
    const lines = drawn(res.bytes);
    expect(lines).toContain("10:00–14:00 4.0 h Offen");
    expect(lines).toContain("07:00–15:30 8.5 h Ayşe Ağaoğlu");
    expect(lines).toContain("22:00–06:00 8.0 h Ayşe Ağaoğlu");
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
    expect(drawn(res.bytes)).toContain("06:00–10:00 4.0 h Offen 14:00–18:00 4.0 h Łukasz Nowak · Inventur");
    expect(text.indexOf("06:00–10:00")).toBeLessThan(text.indexOf("14:00–18:00"));
    expect(text).toContain("Inventur");
  });

  test("a month prints only the weeks with shifts", async () => {
    const { token } = await createUser("admin");
    const l = await fx.location({ name: "Monatsfiliale" });
    // September 2063 touches KW 35–39; only KW 36 and KW 38 have shifts.
    await fx.shift({ locationId: l.id, date: "2063-09-03" });
    await fx.shift({ locationId: l.id, date: "2063-09-19" });
    const res = await callForBytes(GET, {
      token,
      path: "/api/reports/schedule/pdf?start_date=2063-09-01&end_date=2063-09-30",
    });
    const text = pdfText(res.bytes);
    for (const week of ["KW 36", "KW 38"]) expect(text).toContain(week);
    // The weeks without a shift are left out (docs/PRODUCT-RULES.md §27.6).
    for (const week of ["KW 35", "KW 37", "KW 39"]) expect(text).not.toContain(week);
    // Pages are not counted here: every location of the shared test database is a row. The month's page count is
    // checked on a database of its own in app/api/reports/holidays.test.ts.
  });

  test("a range without shifts gives one page that says so", async () => {
    const { token } = await createUser("manager");
    await fx.location({ name: "Leere Filiale" });
    // A month no other test plans in (they share the database): 2053 is named nowhere else.
    const res = await callForBytes(GET, {
      token,
      path: "/api/reports/schedule/pdf?start_date=2053-02-01&end_date=2053-02-28&rows=employees",
    });
    expect(res.status).toBe(200);
    expect(pdfText(res.bytes)).toContain("Keine Schichten in diesem Zeitraum");
    expect(pdfPageCount(res.bytes)).toBe(1);
  });

  test("rows=employees: one row per employee, the day's times and locations; open shifts in Offen", async () => {
    const { token } = await createUser("manager");
    const bahnhof = await fx.location({ name: "Bahnhof Süd" });
    const see = await fx.location({ name: "Café am See" });
    const ayse = await fx.employee({ firstName: "Ayşe", lastName: "Zürcher" });
    const lukasz = await fx.employee({ firstName: "Łukasz", lastName: "Abderhalden" });
    await fx.shift({ employeeId: ayse.id, locationId: bahnhof.id, date: "2043-05-04", start: "07:00", end: "15:30" });
    await fx.shift({ employeeId: ayse.id, locationId: see.id, date: "2043-05-05", start: "16:00", end: "20:00" });
    await fx.shift({ employeeId: lukasz.id, locationId: see.id, date: "2043-05-04", start: "10:00", end: "14:00" });
    await fx.shift({ locationId: bahnhof.id, date: "2043-05-06", start: "12:00", end: "18:00" });

    const res = await callForBytes(GET, {
      token,
      path: "/api/reports/schedule/pdf?start_date=2043-05-04&end_date=2043-05-10&rows=employees",
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const text = pdfText(res.bytes);
    expect(text).toContain("Wer arbeitet wann");
    expect(text).toContain("Mitarbeitende");
    // Sorted by last name: Abderhalden before Zürcher, the open shifts last.
    // Each row: the name, the week's hours, then per day the shifts' times and locations.
    const lines = drawn(res.bytes);
    expect(lines).toContain("Łukasz Abderhalden 4.0 h 10:00–14:00 Café am See");
    expect(lines).toContain("Ayşe Zürcher 12.5 h 07:00–15:30 Bahnhof Süd 16:00–20:00 Café am See");
    expect(lines).toContain("Offen 6.0 h 12:00–18:00 Bahnhof Süd");
    expect(lines.indexOf("Abderhalden")).toBeLessThan(lines.indexOf("Zürcher"));
    expect(lines.indexOf("Zürcher")).toBeLessThan(lines.indexOf("Offen 6.0 h"));
  });

  test("rows: a value other than locations or employees is 400 with a German message", async () => {
    const { token } = await createUser("manager");
    const res = await call(GET, {
      token,
      path: "/api/reports/schedule/pdf?start_date=2042-09-01&end_date=2042-09-07&rows=tables",
    });
    expect(res.status).toBe(400);
    expect(res.json.fields).toMatchObject({
      rows: "Zeilen müssen locations (Standorte) oder employees (Mitarbeitende) sein",
    });
    const ok = await callForBytes(GET, {
      token,
      path: "/api/reports/schedule/pdf?start_date=2042-09-01&end_date=2042-09-07&rows=locations",
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("application/pdf");
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
