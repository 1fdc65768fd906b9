import { describe, expect, test, vi } from "vitest";
import { ownDatabase } from "@/tests/support/own-database";

// Sets the company's holiday region, which every test file reads: a database of its own.
process.env.DATABASE_URL = await ownDatabase("schichtwerk_holidays_route");
vi.resetModules();
const { db } = await import("@/lib/server/db/client");
const { call, createUser } = await import("@/tests/support/api");
const fx = await import("@/tests/support/fixtures");
const { GET } = await import("./route");
const { GET: regions } = await import("../holiday-regions/route");

const holidays = async (token: string, start: string, end: string) =>
  call(GET, { token, path: `/api/holidays?start_date=${start}&end_date=${end}` });

describe("GET /api/holiday-regions", () => {
  test("Swiss cantons first, then German Länder, German names; every role", async () => {
    const res = await call(regions, { token: (await createUser("user")).token });
    expect(res.status).toBe(200);
    const list = res.json as unknown as { code: string; name: string; country: string }[];
    expect(list.slice(0, 2)).toEqual([
      { code: "CH-AG", name: "Kanton Aargau", country: "CH" },
      { code: "CH-AR", name: "Kanton Appenzell Ausserrhoden", country: "CH" },
    ]);
    expect(list).toContainEqual({ code: "CH-GE", name: "Kanton Genf", country: "CH" });
    expect(list).toContainEqual({ code: "CH-TI", name: "Kanton Tessin", country: "CH" });
    expect(list).toContainEqual({ code: "DE-BY", name: "Bayern", country: "DE" });
    expect(list.filter((r) => r.country === "CH")).toHaveLength(26);
    expect(list.findIndex((r) => r.country === "DE")).toBe(26);
  });
});

describe("GET /api/holidays", () => {
  test("no region anywhere: no holidays", async () => {
    const res = await holidays((await createUser("user")).token, "2026-12-01", "2027-01-31");
    expect(res.status).toBe(200);
    expect(res.json).toEqual([]);
  });

  test("per location: Berchtoldstag 02.01.2027 only for the Bern one, not Geneva; company's region", async () => {
    const { token } = await createUser("manager");
    await db.companySettings.update({ where: { id: 1 }, data: { holidayRegion: "CH-ZH" } });
    const bern = await db.location.create({ data: { name: "Bern Bahnhof", holidayRegion: "CH-BE" } });
    const geneva = await db.location.create({ data: { name: "Genève Cornavin", holidayRegion: "CH-GE" } });
    const zurich = await fx.location({ name: "Zürich HB" }); // follows the company: CH-ZH
    const closed = await db.location.create({
      data: { name: "Zu", holidayRegion: "CH-TI", archivedAt: new Date() },
    });

    const res = await holidays(token, "2026-12-31", "2027-01-06");
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      { date: "2026-12-31", name: "Wiederherstellung der Republik", location_ids: [geneva.id] },
      { date: "2027-01-01", name: "Neujahr", location_ids: [bern.id, geneva.id, zurich.id] },
      { date: "2027-01-02", name: "Berchtoldstag", location_ids: [bern.id] },
    ]);
    // The archived Ticino location's Epiphany (06.01.) is not listed.
    expect(JSON.stringify(res.json)).not.toContain(String(closed.id));
  });

  test("the range: both dates required, end not before start, at most 366 days", async () => {
    const { token } = await createUser("user");
    expect((await call(GET, { token, path: "/api/holidays" })).json.fields).toEqual({
      start_date: "Bitte gib start_date als JJJJ-MM-TT an",
      end_date: "Bitte gib end_date als JJJJ-MM-TT an",
    });
    expect((await holidays(token, "2027-01-02", "2027-01-01")).json.fields).toEqual({
      end_date: "end_date darf nicht vor start_date liegen",
    });
    expect((await holidays(token, "2026-01-01", "2027-01-03")).status).toBe(400);
    expect((await holidays(token, "2026-01-01", "2027-01-02")).status).toBe(200);
  });
});
