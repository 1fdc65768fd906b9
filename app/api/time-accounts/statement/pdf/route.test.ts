import { describe, expect, test } from "vitest";
import { db } from "@/lib/server/db/client";
import { toDateColumn } from "@/lib/server/db/columns";
import { call, callForBytes, createUser } from "@/tests/support/api";
import * as fx from "@/tests/support/fixtures";
import { pdfRawText } from "@/tests/support/pdf";
import { notificationsPageSchema } from "@/lib/shared/schemas/notification";
import * as approval from "@/app/api/timesheets/approve/route";
import * as bookings from "@/app/api/time-accounts/bookings/route";
import * as opening from "@/app/api/time-accounts/opening/route";
import * as inbox from "@/app/api/me/notifications/route";
import * as mine from "@/app/api/me/time-account/statement/pdf/route";
import { GET } from "./route";

/**
 * The "Monatsabrechnung Arbeitszeit" (docs/PRODUCT-RULES.md §34.5) and its message when the month is approved. No
 * holiday region and CH labour rules on the shared database: the target is weekly hours / 5 per Monday–Friday day,
 * surcharges are the Swiss windows (night 23–6 h, Sunday from Saturday 23 h). Zurich in March 2026: UTC+1.
 */
async function setting() {
  const employee = await fx.employee({ firstName: "Lea", lastName: `Statement${Date.now() % 100000}`, weeklyHours: 5 });
  const location = await fx.location();
  const { token: manager } = await createUser("manager");
  const { token: staff } = await createUser("user", { employeeId: employee.id });
  return { employee, location, manager, staff };
}

function entry(employeeId: number, locationId: number, startUtc: string, endUtc: string) {
  return db.timeEntry.create({
    data: {
      employeeId,
      locationId,
      date: toDateColumn(startUtc.slice(0, 10)),
      startAt: new Date(startUtc),
      endAt: new Date(endUtc),
      source: "manager",
      status: "recorded",
    },
  });
}

describe("GET /api/time-accounts/statement/pdf and /api/me/time-account/statement/pdf", () => {
  test("days, the account, surcharge hours; provisional, then approved and told", async () => {
    const { employee, location, manager, staff } = await setting();
    await call(opening.PUT, {
      token: manager,
      method: "PUT",
      body: { employee_id: employee.id, month: "2026-03", minutes: 150, reason: "Übertrag" },
    });
    // Mon 2 March 08:00–10:00 local; Sat 7 March 22:00 – Sun 8 March 01:00 local (night from 23 h, Sunday from 23 h).
    await entry(employee.id, location.id, "2026-03-02T07:00:00Z", "2026-03-02T09:00:00Z");
    await entry(employee.id, location.id, "2026-03-07T21:00:00Z", "2026-03-08T00:00:00Z");
    await fx.vacation({ employeeId: employee.id, start: "2026-03-03", end: "2026-03-03", days: 1 });
    await call(bookings.POST, {
      token: manager,
      body: { employee_id: employee.id, month: "2026-03", kind: "payout", minutes: 30, reason: "Mit dem Lohn" },
    });

    const draft = await callForBytes(GET, {
      token: manager,
      path: `/api/time-accounts/statement/pdf?employee_id=${employee.id}&month=2026-03`,
    });
    expect(draft.status).toBe(200);
    expect(draft.headers.get("content-type")).toBe("application/pdf");
    expect(draft.headers.get("content-disposition")).toBe(
      `attachment; filename="monatsabrechnung-2026-03-lea-${employee.lastName.toLowerCase()}.pdf"`,
    );
    const text = pdfRawText(draft.bytes);
    expect(text).toContain("Monatsabrechnung Arbeitszeit");
    expect(text).toContain("Vorläufig: noch nicht genehmigt");
    // 22 days of 1:00 to work; 5:00 worked; 1:00 credited (the vacation day); balance 5 + 1 − 22 = −16:00.
    expect(text).toMatch(/Übertrag aus dem Vormonat\s+\+2:30 h/);
    expect(text).toMatch(/Soll\s+22:00 h/);
    expect(text).toMatch(/Gearbeitet\s+5:00 h/);
    expect(text).toMatch(/Gutschriften \(Ferien, Abwesenheiten\)\s+1:00 h/);
    expect(text).toMatch(/Saldo des Monats\s+−16:00 h/);
    expect(text).toMatch(/Auszahlung: Mit dem Lohn\s+−0:30 h/);
    expect(text).toMatch(/Neuer Übertrag\s+−14:00 h/);
    expect(text).toMatch(/Di 03\.03\.2026\s+1:00\s+1:00\s+Ferien/);
    expect(text).toMatch(/Sa 07\.03\.2026\s+3:00/);
    // Saturday 22:00 – Sunday 01:00: night 23–01 = 2 h, Sunday from Saturday 23 h = 2 h.
    expect(text).toMatch(/Nachtarbeit 23–6 Uhr \(25 %\)\s+2:00 h/);
    expect(text).toMatch(/Sonntagsarbeit \(Sa 23 – So 23 Uhr\) \(50 %\)\s+2:00 h/);

    // Approving tells Lea; her statement then says who approved it.
    const approved = await call(approval.POST, {
      token: manager,
      body: { employee_id: employee.id, month: "2026-03" },
    });
    expect(approved.status, approved.text).toBe(200);
    const page = notificationsPageSchema.parse(
      (await call(inbox.GET, { token: staff, path: "/api/me/notifications" })).json,
    );
    expect(page.notifications).toContainEqual(
      expect.objectContaining({
        kind: "monthly_statement",
        title: "Deine Monatsabrechnung März 2026 ist bereit",
        link: "/me",
      }),
    );
    const own = await callForBytes(mine.GET, {
      token: staff,
      path: "/api/me/time-account/statement/pdf?month=2026-03",
    });
    expect(own.status).toBe(200);
    expect(pdfRawText(own.bytes)).toMatch(/Genehmigt am \d\d\.\d\d\.\d{4} von /);
  });

  test("someone who left mid-month: the days end on the day they left; an approval's kept figures said", async () => {
    const { employee, location, manager } = await setting();
    await entry(employee.id, location.id, "2026-04-01T07:00:00Z", "2026-04-01T09:00:00Z");
    await db.employee.update({ where: { id: employee.id }, data: { archivedAt: new Date("2026-04-03T15:00:00Z") } });
    const statement = async () =>
      pdfRawText(
        (
          await callForBytes(GET, {
            token: manager,
            path: `/api/time-accounts/statement/pdf?employee_id=${employee.id}&month=2026-04`,
          })
        ).bytes,
      );
    // Wednesday to Friday, 1 to 3 April: three days of 1:00, none after the 3rd.
    let text = await statement();
    expect(text).toMatch(/Soll\s+3:00 h/);
    expect(text).toMatch(/Fr 03\.04\.2026\s+1:00/);
    expect(text).not.toContain("06.04.2026");
    expect(text).not.toContain("wiedereröffnet");
    const approved = await call(approval.POST, {
      token: manager,
      body: { employee_id: employee.id, month: "2026-04" },
    });
    expect(approved.status, approved.text).toBe(200);
    // Weekly hours changed afterwards: the days say 2:00 each, the account keeps the approved 3:00 and says why.
    await db.employee.update({ where: { id: employee.id }, data: { weeklyHours: 10 } });
    text = await statement();
    expect(text).toMatch(/Fr 03\.04\.2026\s+2:00/);
    expect(text).toMatch(/Soll\s+3:00 h/);
    expect(text).toContain("Soll und Gutschriften wie bei der Genehmigung.");
  });

  test("not begun 400, before the account 409, unknown 404, staff not for others", async () => {
    const { employee, location, manager, staff } = await setting();
    await entry(employee.id, location.id, "2026-03-10T07:00:00Z", "2026-03-10T09:00:00Z");
    const path = (query: string) => ({ token: manager, path: `/api/time-accounts/statement/pdf?${query}` });
    expect((await callForBytes(GET, path(`employee_id=${employee.id}&month=2099-01`))).status).toBe(400);
    const before = await callForBytes(GET, path(`employee_id=${employee.id}&month=2026-02`));
    expect(before.status).toBe(409);
    expect(JSON.parse(before.bytes.toString()).error).toBe(
      `Für 02.2026 gibt es kein Zeitkonto von Lea ${employee.lastName}: es beginnt mit dem ersten Zeiteintrag ` +
        "oder einem Anfangssaldo.",
    );
    expect((await callForBytes(GET, path("employee_id=999999&month=2026-03"))).status).toBe(404);
    const other = await callForBytes(GET, {
      token: staff,
      path: `/api/time-accounts/statement/pdf?employee_id=${employee.id}&month=2026-03`,
    });
    expect(other.status).toBe(403);
  });
});
