// "Arztzeugnis fehlt" (docs/PRODUCT-RULES.md §32.2): sick leave without a certificate is flagged from the
// company's day (default 3 in CH, 4 in DE), in the absences answer and on the managers' dashboard.
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { ownDatabase } from "@/tests/support/own-database";

// Switches the company's labour rules: a database of its own.
process.env.DATABASE_URL = await ownDatabase("schichtwerk_absence_certificate");
vi.resetModules();
const { db } = await import("@/lib/server/db/client");
const { call, createUser } = await import("@/tests/support/api");
const fx = await import("@/tests/support/fixtures");
const { GET: dashboard } = await import("../dashboard/route");
const { POST: sick } = await import("../me/sick/route");
const { PUT: putSettings } = await import("../settings/route");
const { PUT: update } = await import("./[id]/route");
const { GET: list, POST: create } = await import("./route");

// Today: Thursday 2034-10-12.
const TODAY = "2034-10-12";
beforeAll(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(`${TODAY}T08:00:00Z`));
});
afterAll(() => vi.useRealTimers());

type Row = { id: number; employee_id: number; certificate_due: boolean };
type News = {
  sick_reports: { employee_id: number; start_date: string }[];
  absent_today: { employee_id: number; type: string }[];
  certificates_missing: number;
};

describe("the certificate flag", () => {
  test("CH: due on the 3rd day, DE: on the 4th; a certificate, another type or hours clear it", async () => {
    const { token } = await createUser("manager");
    const admin = (await createUser("admin")).token;
    const people = await Promise.all(Array.from({ length: 6 }, () => fx.employee()));
    const [third, second, fourth, certified, training, hours] = people;
    const record = async (body: Record<string, unknown>) => {
      const res = await call(create, { token, body });
      expect(res.status, res.text).toBe(201);
      return res.json.id as number;
    };
    // Today is the 3rd day of this sick leave (of five), the 2nd of the next, the 4th of the one after.
    await record({ employee_id: third.id, type: "krank", start_date: "2034-10-10", end_date: "2034-10-14" });
    await record({ employee_id: second.id, type: "krank", start_date: "2034-10-11", end_date: "2034-10-14" });
    const fourthId = await record({ employee_id: fourth.id, type: "krank", start_date: "2034-10-09", end_date: TODAY });
    await record({
      employee_id: certified.id,
      type: "krank",
      start_date: "2034-10-02",
      end_date: "2034-10-06",
      certificate_received: true,
    });
    await record({ employee_id: training.id, type: "weiterbildung", start_date: "2034-10-02", end_date: "2034-10-06" });
    await record({ employee_id: hours.id, type: "krank", start_date: "2034-10-02", hours: 8 });

    const flags = async () => {
      const res = await call(list, { token, path: `/api/absences?start_date=2034-10-01&end_date=2034-10-31` });
      expect(res.status).toBe(200);
      const rows = res.json as unknown as Row[];
      return people.map((e) => rows.find((row) => row.employee_id === e.id)!.certificate_due);
    };
    const news = async (who = token) =>
      ((await call(dashboard, { token: who, path: "/api/dashboard" })).json as unknown as { absences: News }).absences;

    expect(await flags()).toEqual([true, false, true, false, false, false]);
    expect((await news()).certificates_missing).toBe(2);

    await call(putSettings, { method: "PUT", token: admin, body: { labour_rules: "DE" } });
    expect(await flags()).toEqual([false, false, true, false, false, false]);
    expect((await news()).certificates_missing).toBe(1);

    // The certificate arrives: no longer flagged.
    const received = await call(update, {
      method: "PUT",
      token,
      params: { id: String(fourthId) },
      body: {
        employee_id: fourth.id,
        type: "krank",
        start_date: "2034-10-09",
        end_date: TODAY,
        certificate_received: true,
      },
    });
    expect(received.status, received.text).toBe(200);
    expect(received.json.certificate_due).toBe(false);
    expect((await news()).certificates_missing).toBe(0);

    // A company's own day counts instead of the default.
    await call(putSettings, { method: "PUT", token: admin, body: { certificate_from_day: 2 } });
    expect(await flags()).toEqual([true, true, false, false, false, false]);
  });

  test("the dashboard tells managers of sick reports; staff see neither reports nor counts", async () => {
    const e = await fx.employee({ firstName: "Lea", lastName: "Fieber" });
    const staff = await createUser("user", { employeeId: e.id });
    const res = await call(sick, { token: staff.token, body: { days: 3 } });
    expect(res.status, res.text).toBe(201);
    const { token } = await createUser("manager");
    const body = (await call(dashboard, { token, path: "/api/dashboard" })).json as unknown as { absences: News };
    expect(body.absences.sick_reports).toContainEqual(
      expect.objectContaining({ employee_id: e.id, first_name: "Lea", start_date: TODAY, end_date: "2034-10-14" }),
    );
    // Who is away today, for "Heute im Dienst": Lea, sick; not the one whose sick leave ended yesterday.
    expect(body.absences.absent_today).toContainEqual(expect.objectContaining({ employee_id: e.id, type: "krank" }));
    const yesterday = await fx.employee();
    await db.absence.create({
      data: {
        employeeId: yesterday.id,
        type: "krank",
        startDate: new Date("2034-10-10T00:00:00Z"),
        endDate: new Date("2034-10-11T00:00:00Z"),
      },
    });
    const later = (await call(dashboard, { token, path: "/api/dashboard" })).json as unknown as { absences: News };
    expect(later.absences.absent_today.map((a) => a.employee_id)).not.toContain(yesterday.id);
    const own = (await call(dashboard, { token: staff.token, path: "/api/dashboard" })).json as unknown as {
      absences: News;
    };
    expect(own.absences).toEqual({ sick_reports: [], absent_today: [], certificates_missing: 0 });
    expect(await db.absence.count({ where: { employeeId: e.id, selfReported: true } })).toBe(1);
  });
});
