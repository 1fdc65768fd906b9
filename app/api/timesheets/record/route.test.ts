import { describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import { toDateColumn } from "@/lib/server/db/columns";
import { addMonths, todayIn } from "@/lib/shared/dates";
import { call, callForBytes, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { pdfText } from "@/tests/support/pdf";
import * as myCsv from "@/app/api/me/time-record/csv/route";
import * as myPdf from "@/app/api/me/time-record/pdf/route";
import * as entryById from "@/app/api/time-entries/[id]/route";
import { POST as approve } from "@/app/api/timesheets/approve/route";
import * as csvRoute from "./csv/route";
import * as pdfRoute from "./pdf/route";

/**
 * The "Arbeitszeitnachweis" as PDF and CSV (docs/PRODUCT-RULES.md §32.7), for managers (any employee) and for the
 * employee (own). Europe/Zurich: UTC+1 in winter, UTC+2 from 29.03.2026.
 */

function entry(data: {
  employeeId: number;
  locationId: number;
  date: string;
  start: string;
  end: string;
  shiftId?: number;
  breaks?: [string, string][];
  status?: "recorded" | "void";
}) {
  return db.timeEntry.create({
    data: {
      employeeId: data.employeeId,
      locationId: data.locationId,
      shiftId: data.shiftId ?? null,
      date: toDateColumn(data.date),
      startAt: new Date(data.start),
      endAt: new Date(data.end),
      source: "app",
      status: data.status ?? "recorded",
      breaks: { create: (data.breaks ?? []).map(([from, to]) => ({ startAt: new Date(from), endAt: new Date(to) })) },
    },
  });
}

/** March 2026 of "Lea Müller": a day on plan with a break, a void entry, a night over the change to summer time. */
async function march() {
  const employee = await fx.employee({ firstName: "Lea", lastName: "Müller" });
  const location = await fx.location();
  const at = { employeeId: employee.id, locationId: location.id };
  // Mo 09.03.: planned 08:00–16:00 (8:00), stamped 08:05–16:00 with 25 min break: 7:30 worked, −0:30.
  const monday = await fx.shift({ ...at, date: "2026-03-09", start: "08:00", end: "16:00" });
  const worked = await entry({
    ...at,
    date: "2026-03-09",
    shiftId: monday.id,
    start: "2026-03-09T07:05:00Z",
    end: "2026-03-09T15:00:00Z",
    breaks: [["2026-03-09T11:00:00Z", "2026-03-09T11:25:00Z"]],
  });
  // Th 12.03.: a void entry, listed and not counted.
  await entry({
    ...at,
    date: "2026-03-12",
    start: "2026-03-12T08:00:00Z",
    end: "2026-03-12T10:00:00Z",
    status: "void",
  });
  // Sa 28.03. 22:00 – Su 29.03. 06:00 over the change to summer time: 7 real hours planned and worked.
  const night = await fx.shift({ ...at, date: "2026-03-28", start: "22:00", end: "06:00" });
  await entry({
    ...at,
    date: "2026-03-28",
    shiftId: night.id,
    start: "2026-03-28T21:00:00Z",
    end: "2026-03-29T04:00:00Z",
  });
  const { token: manager } = await createUser("manager");
  return { employee, location, manager, worked };
}

const managerPdf = (token: string, employeeId: number, month: string) =>
  callForBytes(pdfRoute.GET, { token, path: `/api/timesheets/record/pdf?employee_id=${employeeId}&month=${month}` });
const managerCsv = (token: string, employeeId: number | string, month: string) =>
  callForBytes(csvRoute.GET, { token, path: `/api/timesheets/record/csv?employee_id=${employeeId}&month=${month}` });

/** The CSV's rows as fields: it has a BOM, CRLF line ends and semicolons, and quotes nothing in these tests. */
function csvRows(bytes: Buffer): string[][] {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString("utf8");
  expect(text.endsWith("\r\n")).toBe(true);
  return text
    .slice(0, -2)
    .split("\r\n")
    .map((line) => line.split(";"));
}

const zurichDate = (iso: string) =>
  new Intl.DateTimeFormat("de-CH", {
    timeZone: "Europe/Zurich",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  }).format(new Date(iso));

describe("GET /api/timesheets/record/pdf and /csv (managers, any employee)", () => {
  test("the PDF: title, person, month, each day planned, times, breaks, worked, difference; void struck", async () => {
    const { employee, location, manager } = await march();
    const res = await managerPdf(manager, employee.id, "2026-03");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="arbeitszeitnachweis-2026-03-lea-mueller.pdf"',
    );
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(res.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(res.bytes);
    for (const expected of ["Arbeitszeitnachweis", "Lea Müller", "März 2026", location.name, "Noch nicht genehmigt"])
      expect(text).toContain(expected);
    const line = (day: string) => text.split("\n").find((row) => row.includes(day)) ?? "";
    // Every day of the month has its line, with or without work.
    expect(text).toContain("So 01.03.2026");
    expect(text).toContain("Di 31.03.2026");
    expect(line("Mo 09.03.2026")).toMatch(/8:00\s+08:05\s+16:00\s+0:25\s+7:30\s+-0:30\s+.*offen/);
    expect(line("Do 12.03.2026")).toMatch(/09:00\s+11:00\s+.*storniert/);
    expect(line("Do 12.03.2026")).not.toMatch(/2:00/);
    // The night over the change to summer time: 22:00 → 06:00 is 7 real hours, as planned.
    expect(line("Sa 28.03.2026")).toMatch(/7:00\s+22:00\s+06:00\s+0:00\s+7:00\s+0:00/);
    // Totals: 8:00 + 7:00 planned, 7:30 + 7:00 worked (the void entry not counted).
    expect(line("Total")).toMatch(/15:00\s+14:30\s+-0:30\s+offen/);
    expect(text).toContain("Unterschrift Mitarbeiter/in");
    expect(text).toContain("Unterschrift Vorgesetzte/r");
  });

  test("the CSV: BOM, semicolons, German header, a row per entry and day, h:mm and decimal hours, totals", async () => {
    const { employee, location, manager } = await march();
    const res = await managerCsv(manager, employee.id, "2026-03");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="arbeitszeitnachweis-2026-03-lea-mueller.csv"',
    );
    const rows = csvRows(res.bytes);
    expect(rows[0]).toEqual([
      "Datum",
      "Wochentag",
      "Soll (h:mm)",
      "Soll (h)",
      "Beginn",
      "Ende",
      "Pausen (min)",
      "Gearbeitet (h:mm)",
      "Gearbeitet (h)",
      "Differenz (h:mm)",
      "Differenz (h)",
      "Standort",
      "Abwesenheit",
      "Status",
      "Korrigiert",
    ]);
    // 31 days, one row each (no day has two entries), and the total.
    expect(rows).toHaveLength(1 + 31 + 1);
    const row = (date: string) => rows.find((fields) => fields[0] === date);
    expect(row("09.03.2026")).toEqual([
      "09.03.2026",
      "Mo",
      "8:00",
      "8.00",
      "08:05",
      "16:00",
      "25",
      "7:30",
      "7.50",
      "-0:30",
      "-0.50",
      location.name,
      "",
      "offen",
      "",
    ]);
    // The void entry: its times, nothing worked; the day plans nothing, so nothing is missing either.
    expect(row("12.03.2026")).toEqual([
      "12.03.2026",
      "Do",
      "0:00",
      "0.00",
      "09:00",
      "11:00",
      "0",
      "",
      "",
      "0:00",
      "0.00",
      location.name,
      "",
      "storniert",
      "",
    ]);
    expect(row("28.03.2026")!.slice(2, 11)).toEqual([
      "7:00",
      "7.00",
      "22:00",
      "06:00",
      "0",
      "7:00",
      "7.00",
      "0:00",
      "0.00",
    ]);
    expect(row("01.03.2026")).toEqual(["01.03.2026", "So", "", "", "", "", "", "", "", "", "", "", "", "", ""]);
    expect(rows.at(-1)).toEqual([
      "Total",
      "",
      "15:00",
      "15.00",
      "",
      "",
      "",
      "14:30",
      "14.50",
      "-0:30",
      "-0.50",
      "",
      "",
      "offen",
      "",
    ]);
  });

  test("an approved month: approval with day and name, entries genehmigt, a corrected entry marked", async () => {
    const { employee, location, manager, worked } = await march();
    // A manager moves the Monday's end to 16:30 before approving: the entry counts as corrected.
    const edit = await call(entryById.PUT, {
      token: manager,
      params: { id: String(worked.id) },
      body: {
        location_id: location.id,
        start_at: "2026-03-09T07:05:00Z",
        end_at: "2026-03-09T15:30:00Z",
        breaks: [{ start_at: "2026-03-09T11:00:00Z", end_at: "2026-03-09T11:25:00Z" }],
        reason: "Ausstempeln vergessen",
      },
    });
    expect(edit.status, edit.text).toBe(200);
    const approved = await call(approve, { token: manager, body: { employee_id: employee.id, month: "2026-03" } });
    expect(approved.status, approved.text).toBe(200);
    const day = zurichDate(approved.json.approved_at as string);

    const text = pdfText((await managerPdf(manager, employee.id, "2026-03")).bytes);
    expect(text).toContain(`Genehmigt am ${day} von ${approved.json.approved_by_name}`);
    expect(text.split("\n").find((line) => line.includes("Mo 09.03.2026"))).toMatch(
      /16:30\s+0:25\s+8:00\s+0:00\s+.*genehmigt, korrigiert/,
    );

    const rows = csvRows((await managerCsv(manager, employee.id, "2026-03")).bytes);
    const monday = rows.find((fields) => fields[0] === "09.03.2026")!;
    expect([monday[5], monday[13], monday[14]]).toEqual(["16:30", "genehmigt", "ja"]);
    expect(rows.find((fields) => fields[0] === "12.03.2026")![13]).toBe("storniert");
    expect(rows.at(-1)![13]).toBe("genehmigt");
  });

  test("a forgotten clock-out closed by a manager is marked corrected", async () => {
    const { employee, location, manager } = await march();
    const running = await db.timeEntry.create({
      data: {
        employeeId: employee.id,
        locationId: location.id,
        date: toDateColumn("2026-03-20"),
        startAt: new Date("2026-03-20T07:00:00Z"),
        source: "app",
        status: "running",
      },
    });
    const closed = await call(entryById.PUT, {
      token: manager,
      params: { id: String(running.id) },
      body: {
        location_id: location.id,
        start_at: "2026-03-20T07:00:00Z",
        end_at: "2026-03-20T15:00:00Z",
        breaks: [],
        reason: "Ausstempeln vergessen",
      },
    });
    expect(closed.status, closed.text).toBe(200);
    // The location renamed to a formula behind a blank: the spreadsheet gets it as text.
    await db.location.update({ where: { id: location.id }, data: { name: " =HYPERLINK(1)" } });
    const rows = csvRows((await managerCsv(manager, employee.id, "2026-03")).bytes);
    const friday = rows.find((fields) => fields[0] === "20.03.2026")!;
    expect([friday[5], friday[11], friday[13], friday[14]]).toEqual(["16:00", "' =HYPERLINK(1)", "offen", "ja"]);
  });

  test("an archived employee's record; an absence named; an empty month has its days and zero totals", async () => {
    const { employee, manager } = await march();
    await db.absence.create({
      data: {
        employeeId: employee.id,
        type: "weiterbildung",
        startDate: toDateColumn("2026-03-16"),
        endDate: toDateColumn("2026-03-17"),
      },
    });
    await db.employee.update({ where: { id: employee.id }, data: { archivedAt: new Date() } });
    const march2026 = csvRows((await managerCsv(manager, employee.id, "2026-03")).bytes);
    expect(march2026.find((fields) => fields[0] === "17.03.2026")![12]).toBe("Weiterbildung");
    expect(pdfText((await managerPdf(manager, employee.id, "2026-03")).bytes)).toMatch(
      /Di 17\.03\.2026.*Weiterbildung/,
    );
    const rows = csvRows((await managerCsv(manager, employee.id, "2026-02")).bytes);
    expect(rows).toHaveLength(1 + 28 + 1);
    expect(rows.at(-1)!.slice(2, 4)).toEqual(["0:00", "0.00"]);
  });

  test("refused: unknown employee 404, a month not begun 409, a bad month 400 — in German", async () => {
    const { employee, manager } = await march();
    const unknown = await call(csvRoute.GET, {
      token: manager,
      path: `/api/timesheets/record/csv?employee_id=999999999&month=2026-03`,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe("not_found");
    const next = addMonths(todayIn("Europe/Zurich"), 1).slice(0, 7);
    for (const handler of [csvRoute.GET, pdfRoute.GET]) {
      const future = await call(handler, {
        token: manager,
        path: `/api/timesheets/record/x?employee_id=${employee.id}&month=${next}`,
      });
      expect(future.status).toBe(409);
      expect(future.json.error).toMatch(/^Der \S+ \d{4} hat noch nicht begonnen/);
    }
    const bad = await call(csvRoute.GET, {
      token: manager,
      path: `/api/timesheets/record/csv?employee_id=${employee.id}&month=2026-13`,
    });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toEqual({ month: "Bitte gib month als JJJJ-MM an" });
    const missing = await call(csvRoute.GET, { token: manager, path: "/api/timesheets/record/csv?month=2026-03" });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.json.fields as object)).toEqual(["employee_id"]);
  });

  test("staff may not read anyone's record here, not even their own", async () => {
    const { employee } = await march();
    const { token } = await createUser("user", { employeeId: employee.id });
    expect((await managerPdf(token, employee.id, "2026-03")).status).toBe(403);
    expect((await managerCsv(token, employee.id, "2026-03")).status).toBe(403);
  });
});

describe("GET /api/me/time-record/pdf and /csv (the linked user's own)", () => {
  test("the caller's own month, the same as the manager's; another employee's rows never", async () => {
    const { employee, manager } = await march();
    const other = await march();
    const { token } = await createUser("user", { employeeId: employee.id });
    const own = await callForBytes(myCsv.GET, { token, path: "/api/me/time-record/csv?month=2026-03" });
    expect(own.status).toBe(200);
    expect(own.headers.get("content-disposition")).toBe(
      'attachment; filename="arbeitszeitnachweis-2026-03-lea-mueller.csv"',
    );
    expect(own.bytes.equals((await managerCsv(manager, employee.id, "2026-03")).bytes)).toBe(true);
    expect(own.bytes.toString("utf8")).not.toContain(other.location.name);
    // An employee_id in the query names nobody else: the route reads the month only.
    const sneaky = await callForBytes(myCsv.GET, {
      token,
      path: `/api/me/time-record/csv?month=2026-03&employee_id=${other.employee.id}`,
    });
    expect(sneaky.bytes.equals(own.bytes)).toBe(true);

    const pdf = await callForBytes(myPdf.GET, { token, path: "/api/me/time-record/pdf?month=2026-03" });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-disposition")).toBe(
      'attachment; filename="arbeitszeitnachweis-2026-03-lea-mueller.pdf"',
    );
    const text = pdfText(pdf.bytes);
    expect(text).toContain("Lea Müller");
    expect(text).toMatch(/Mo 09\.03\.2026\s+8:00\s+08:05\s+16:00/);
    expect(text).not.toContain(other.location.name);
  });

  test("a user linked to no employee: 403; a month not begun: 409; no month: 400", async () => {
    const { employee } = await march();
    const unlinked = await createUser("manager");
    for (const handler of [myCsv.GET, myPdf.GET]) {
      const res = await call(handler, { token: unlinked.token, path: "/api/me/time-record/x?month=2026-03" });
      expect(res.status).toBe(403);
      expect(res.json.code).toBe("forbidden");
    }
    const { token } = await createUser("user", { employeeId: employee.id });
    const next = addMonths(todayIn("Europe/Zurich"), 1).slice(0, 7);
    expect((await call(myPdf.GET, { token, path: `/api/me/time-record/pdf?month=${next}` })).status).toBe(409);
    const none = await call(myCsv.GET, { token, path: "/api/me/time-record/csv" });
    expect(none.status).toBe(400);
    expect(none.json.fields).toEqual({ month: "Bitte gib month als JJJJ-MM an" });
  });
});
