import Holidays from "date-holidays";
import { afterAll, describe, expect, test } from "vitest";
import { compareNames } from "@/lib/shared/collation";
import { HOLIDAY_REGIONS } from "@/lib/shared/schemas/holiday";
import { holidaysIn } from "./holiday-calendar";
import { holidaysForLocations } from "./find-holidays";

/**
 * Every public holiday of 2026 and 2027, from the official lists (docs/PRODUCT-RULES.md §22):
 * Zurich: Ruhetags- und Ladenöffnungsgesetz § 1 (no Berchtoldstag: date-holidays calls it
 * "optional", and so does the law by leaving it out; Knabenschiessen is a city custom);
 * Bern: Gesetz über die Ruhe an öffentlichen Feiertagen Art. 2 (2 January, no 1 May);
 * Geneva: ge.ch's nine jours fériés (Jeûne genevois, 31 December; 2 January and 26 December are
 * only bank holidays there); Ticino: Legge sui giorni festivi ufficiali 2009 Art. 1 (15 days, no
 * Good Friday); Bavaria: Feiertagsgesetz Art. 1 (Mariä Himmelfahrt only in the mainly Catholic
 * municipalities: region DE-BY-KATH; Buss- und Bettag only closes schools); Berlin: Feiertagsgesetz
 * § 1 (Frauentag 8 March, no Reformationstag). Swiss cantons also list the Sunday feasts (Ostern,
 * Pfingsten, Bettag): they never fall on a working day and change no count.
 */
const OFFICIAL: Record<string, Record<number, string[]>> = {
  "CH-ZH": {
    2026: [
      "01-01 Neujahr",
      "04-03 Karfreitag",
      "04-05 Ostersonntag",
      "04-06 Ostermontag",
      "05-01 Tag der Arbeit",
      "05-14 Auffahrt",
      "05-24 Pfingstsonntag",
      "05-25 Pfingstmontag",
      "08-01 Bundesfeiertag",
      "09-20 Eidg. Dank-, Buss- und Bettag",
      "12-25 Weihnachtstag",
      "12-26 Stephanstag",
    ],
    2027: [
      "01-01 Neujahr",
      "03-26 Karfreitag",
      "03-28 Ostersonntag",
      "03-29 Ostermontag",
      "05-01 Tag der Arbeit",
      "05-06 Auffahrt",
      "05-16 Pfingstsonntag",
      "05-17 Pfingstmontag",
      "08-01 Bundesfeiertag",
      "09-19 Eidg. Dank-, Buss- und Bettag",
      "12-25 Weihnachtstag",
      "12-26 Stephanstag",
    ],
  },
  "CH-BE": {
    2026: [
      "01-01 Neujahr",
      "01-02 Berchtoldstag",
      "04-03 Karfreitag",
      "04-05 Ostersonntag",
      "04-06 Ostermontag",
      "05-14 Auffahrt",
      "05-24 Pfingstsonntag",
      "05-25 Pfingstmontag",
      "08-01 Bundesfeiertag",
      "09-20 Eidg. Dank-, Buss- und Bettag",
      "12-25 Weihnachtstag",
      "12-26 Stephanstag",
    ],
    2027: [
      "01-01 Neujahr",
      "01-02 Berchtoldstag",
      "03-26 Karfreitag",
      "03-28 Ostersonntag",
      "03-29 Ostermontag",
      "05-06 Auffahrt",
      "05-16 Pfingstsonntag",
      "05-17 Pfingstmontag",
      "08-01 Bundesfeiertag",
      "09-19 Eidg. Dank-, Buss- und Bettag",
      "12-25 Weihnachtstag",
      "12-26 Stephanstag",
    ],
  },
  "CH-GE": {
    2026: [
      "01-01 Neujahr",
      "04-03 Karfreitag",
      "04-05 Ostersonntag",
      "04-06 Ostermontag",
      "05-14 Auffahrt",
      "05-24 Pfingstsonntag",
      "05-25 Pfingstmontag",
      "08-01 Bundesfeiertag",
      "09-10 Genfer Bettag",
      "12-25 Weihnachtstag",
      "12-31 Wiederherstellung der Republik",
    ],
    2027: [
      "01-01 Neujahr",
      "03-26 Karfreitag",
      "03-28 Ostersonntag",
      "03-29 Ostermontag",
      "05-06 Auffahrt",
      "05-16 Pfingstsonntag",
      "05-17 Pfingstmontag",
      "08-01 Bundesfeiertag",
      "09-09 Genfer Bettag",
      "12-25 Weihnachtstag",
      "12-31 Wiederherstellung der Republik",
    ],
  },
  "CH-TI": {
    2026: [
      "01-01 Neujahr",
      "01-06 Heilige Drei Könige",
      "03-19 Josefstag",
      "04-05 Ostersonntag",
      "04-06 Ostermontag",
      "05-01 Tag der Arbeit",
      "05-14 Auffahrt",
      "05-24 Pfingstsonntag",
      "05-25 Pfingstmontag",
      "06-04 Fronleichnam",
      "06-29 Peter und Paul",
      "08-01 Bundesfeiertag",
      "08-15 Mariä Himmelfahrt",
      "09-20 Eidg. Dank-, Buss- und Bettag",
      "11-01 Allerheiligen",
      "12-08 Mariä Empfängnis",
      "12-25 Weihnachtstag",
      "12-26 Stephanstag",
    ],
    2027: [
      "01-01 Neujahr",
      "01-06 Heilige Drei Könige",
      "03-19 Josefstag",
      "03-28 Ostersonntag",
      "03-29 Ostermontag",
      "05-01 Tag der Arbeit",
      "05-06 Auffahrt",
      "05-16 Pfingstsonntag",
      "05-17 Pfingstmontag",
      "05-27 Fronleichnam",
      "06-29 Peter und Paul",
      "08-01 Bundesfeiertag",
      "08-15 Mariä Himmelfahrt",
      "09-19 Eidg. Dank-, Buss- und Bettag",
      "11-01 Allerheiligen",
      "12-08 Mariä Empfängnis",
      "12-25 Weihnachtstag",
      "12-26 Stephanstag",
    ],
  },
  "DE-BY": {
    2026: [
      "01-01 Neujahr",
      "01-06 Heilige Drei Könige",
      "04-03 Karfreitag",
      "04-06 Ostermontag",
      "05-01 Maifeiertag",
      "05-14 Christi Himmelfahrt",
      "05-25 Pfingstmontag",
      "06-04 Fronleichnam",
      "10-03 Tag der Deutschen Einheit",
      "11-01 Allerheiligen",
      "12-25 1. Weihnachtstag",
      "12-26 2. Weihnachtstag",
    ],
    2027: [
      "01-01 Neujahr",
      "01-06 Heilige Drei Könige",
      "03-26 Karfreitag",
      "03-29 Ostermontag",
      "05-01 Maifeiertag",
      "05-06 Christi Himmelfahrt",
      "05-17 Pfingstmontag",
      "05-27 Fronleichnam",
      "10-03 Tag der Deutschen Einheit",
      "11-01 Allerheiligen",
      "12-25 1. Weihnachtstag",
      "12-26 2. Weihnachtstag",
    ],
  },
  "DE-BE": {
    2026: [
      "01-01 Neujahr",
      "03-08 Internationaler Frauentag",
      "04-03 Karfreitag",
      "04-06 Ostermontag",
      "05-01 Maifeiertag",
      "05-14 Christi Himmelfahrt",
      "05-25 Pfingstmontag",
      "10-03 Tag der Deutschen Einheit",
      "12-25 1. Weihnachtstag",
      "12-26 2. Weihnachtstag",
    ],
    2027: [
      "01-01 Neujahr",
      "03-08 Internationaler Frauentag",
      "03-26 Karfreitag",
      "03-29 Ostermontag",
      "05-01 Maifeiertag",
      "05-06 Christi Himmelfahrt",
      "05-17 Pfingstmontag",
      "10-03 Tag der Deutschen Einheit",
      "12-25 1. Weihnachtstag",
      "12-26 2. Weihnachtstag",
    ],
  },
};

const listed = (region: string, year: number) =>
  holidaysIn(region, `${year}-01-01`, `${year}-12-31`).map((h) => `${h.date.slice(5)} ${h.name}`);

describe("public holidays per region (official lists 2026 and 2027)", () => {
  const cases = Object.entries(OFFICIAL).flatMap(([region, byYear]) =>
    Object.entries(byYear).map(([year, days]) => [region, Number(year), days] as const),
  );
  test.each(cases)("%s %i", (region, year, days) => {
    expect(listed(region, year)).toEqual(days);
  });

  test("the cases the cantons and Länder differ in", () => {
    const on = (region: string, date: string) => holidaysIn(region, date, date).map((h) => h.name);
    // Berchtoldstag: Bern yes; Zurich, Geneva, Ticino no.
    expect(on("CH-BE", "2027-01-02")).toEqual(["Berchtoldstag"]);
    expect([on("CH-ZH", "2027-01-02"), on("CH-GE", "2027-01-02"), on("CH-TI", "2027-01-02")]).toEqual([[], [], []]);
    // Jeûne genevois: the Thursday after the first Sunday of September, Geneva only.
    expect(on("CH-GE", "2026-09-10")).toEqual(["Genfer Bettag"]);
    expect(on("CH-ZH", "2026-09-10")).toEqual([]);
    // Fronleichnam: Ticino and Bavaria, not Zurich or Bern.
    expect(["CH-TI", "DE-BY", "CH-ZH", "CH-BE"].map((region) => on(region, "2026-06-04").length)).toEqual([1, 1, 0, 0]);
    // Mariä Himmelfahrt: Ticino; in Bavaria the mainly Catholic municipalities and Augsburg.
    expect(["CH-TI", "DE-BY-KATH", "DE-BY-A", "DE-BY"].map((r) => on(r, "2026-08-15"))).toEqual([
      ["Mariä Himmelfahrt"],
      ["Mariä Himmelfahrt"],
      ["Mariä Himmelfahrt"],
      [],
    ]);
    expect(on("DE-BY-A", "2026-08-08")).toEqual(["Augsburger Friedensfest"]);
    // Reformationstag: not in Bavaria or Berlin; Frauentag: Berlin only.
    expect([on("DE-BY", "2026-10-31"), on("DE-BE", "2026-10-31")]).toEqual([[], []]);
    expect([on("DE-BE", "2027-03-08"), on("DE-BY", "2027-03-08")]).toEqual([["Internationaler Frauentag"], []]);
    // Buss- und Bettag: a public holiday in Saxony, spelled the Swiss way; not in Bavaria.
    expect([on("DE-SN", "2026-11-18"), on("DE-BY", "2026-11-18")]).toEqual([["Buss- und Bettag"], []]);
  });

  test("ranges across years, no region, an unknown region, an empty range", () => {
    expect(holidaysIn("CH-ZH", "2026-12-24", "2027-01-03")).toEqual([
      { date: "2026-12-25", name: "Weihnachtstag" },
      { date: "2026-12-26", name: "Stephanstag" },
      { date: "2027-01-01", name: "Neujahr" },
    ]);
    expect(holidaysIn(null, "2026-01-01", "2026-12-31")).toEqual([]);
    expect(holidaysIn("CH-XX", "2026-01-01", "2026-12-31")).toEqual([]);
    expect(holidaysIn("CH-ZH", "2026-12-31", "2026-12-01")).toEqual([]);
  });
});

describe("the offered regions", () => {
  const library = new Holidays();

  test("every Swiss canton and German Land of date-holidays, Switzerland first, each by name", () => {
    const codes = (country: string) => Object.keys(library.getStates(country) ?? {}).map((s) => `${country}-${s}`);
    const offered = HOLIDAY_REGIONS.map((region) => region.code);
    expect(offered.filter((code) => code.startsWith("CH-")).sort()).toEqual(codes("CH").sort());
    expect(offered.filter((code) => /^DE-[A-Z]{2}$/.test(code)).sort()).toEqual(codes("DE").sort());
    for (const country of ["CH", "DE"]) {
      const names = HOLIDAY_REGIONS.filter((region) => region.country === country).map((region) => region.name);
      expect(names).toEqual([...names].sort(compareNames));
    }
    expect(HOLIDAY_REGIONS.findIndex((region) => region.country === "DE")).toBe(26);
  });

  test("cantons carry date-holidays' German names; Bavaria's sub-regions exist there", () => {
    const states = library.getStates("CH", "de") ?? {};
    for (const region of HOLIDAY_REGIONS.filter((r) => r.country === "CH")) {
      expect(region.name).toBe(states[region.code.slice(3)]);
    }
    expect(Object.keys(library.getRegions("DE", "BY") ?? {})).toEqual(expect.arrayContaining(["A", "KATH"]));
  });
});

describe("holidays and locations", () => {
  test("each location follows its own region, else the company's; the company's always listed", () => {
    const list = holidaysForLocations({
      startDate: "2027-01-01",
      endDate: "2027-01-06",
      companyRegion: "CH-ZH",
      locations: [
        { id: 7, holidayRegion: "CH-BE" },
        { id: 3, holidayRegion: null },
        { id: 5, holidayRegion: "CH-GE" },
        { id: 9, holidayRegion: "CH-TI" },
      ],
    });
    expect(list).toEqual([
      { date: "2027-01-01", name: "Neujahr", location_ids: [3, 5, 7, 9] },
      { date: "2027-01-02", name: "Berchtoldstag", location_ids: [7] },
      { date: "2027-01-06", name: "Heilige Drei Könige", location_ids: [9] },
    ]);
  });

  test("without locations: the company region's holidays with no location ids; no region: none", () => {
    const range = { startDate: "2026-12-24", endDate: "2026-12-31", locations: [] };
    expect(holidaysForLocations({ ...range, companyRegion: "CH-GE" })).toEqual([
      { date: "2026-12-25", name: "Weihnachtstag", location_ids: [] },
      { date: "2026-12-31", name: "Wiederherstellung der Republik", location_ids: [] },
    ]);
    expect(holidaysForLocations({ ...range, companyRegion: null })).toEqual([]);
    expect(
      holidaysForLocations({ ...range, companyRegion: null, locations: [{ id: 1, holidayRegion: null }] }),
    ).toEqual([]);
  });
});

describe("dates do not depend on the server's time zone", () => {
  const zone = process.env.TZ;
  afterAll(() => {
    process.env.TZ = zone;
  });

  test("a server far west or far east of Zurich reports the same calendar days", () => {
    // date-holidays' `start` is a Date at local midnight in Zurich, the day before in UTC;
    // only its calendar date string is read. CH-SG and CH-LU are not cached by the tests above.
    process.env.TZ = "Pacific/Kiritimati";
    expect(holidaysIn("CH-SG", "2026-12-25", "2026-12-26").map((h) => h.date)).toEqual(["2026-12-25", "2026-12-26"]);
    process.env.TZ = "Pacific/Honolulu";
    expect(holidaysIn("CH-LU", "2026-12-25", "2026-12-26").map((h) => h.date)).toEqual(["2026-12-25", "2026-12-26"]);
  });
});
