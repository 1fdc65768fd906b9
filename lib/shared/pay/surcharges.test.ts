import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { MINUTE_MS } from "../rules/time";
import {
  ALL_SURCHARGE_CATEGORIES,
  surchargeMinutesOfEntries,
  surchargeTimes,
  surchargeTimesOfEntries,
  type SurchargeEntry,
  type SurchargeRules,
  type SurchargeTimes,
} from "./surcharges";

const DE: SurchargeRules = { labourRules: "DE", timeZone: "Europe/Berlin" };
const CH: SurchargeRules = { labourRules: "CH", timeZone: "Europe/Zurich" };

// Public holidays as the location's region lists them (date-holidays' public days of DE-BY 2026/27, CH-ZH 2026).
const BAVARIA = new Set([
  "2026-01-01",
  "2026-01-06",
  "2026-04-03",
  "2026-04-06",
  "2026-05-01",
  "2026-05-14",
  "2026-05-25",
  "2026-06-04",
  "2026-10-03",
  "2026-11-01",
  "2026-12-25",
  "2026-12-26",
  "2027-01-01",
]);
const ZURICH = new Set([
  "2026-01-01",
  "2026-04-03",
  "2026-04-05",
  "2026-04-06",
  "2026-05-01",
  "2026-05-14",
  "2026-05-24",
  "2026-05-25",
  "2026-08-01",
  "2026-09-20",
  "2026-12-25",
  "2026-12-26",
]);

/** An instant from a wall-clock time in the zone, via the offset written out (checked against the zone below). */
const at = (local: string, offset: string) => Date.parse(`${local}${offset}`);

function entry(start: number, end: number, holidays: Set<string>, breaks: [number, number][] = []): SurchargeEntry {
  return {
    startAt: start,
    endAt: end,
    breaks: breaks.map(([startAt, endAt]) => ({ startAt, endAt })),
    isHoliday: (date) => holidays.has(date),
  };
}

/** Hours per category, only those with time. */
function hours(times: SurchargeTimes): Record<string, number> {
  return Object.fromEntries(
    Object.entries(times)
      .filter(([, ms]) => ms > 0)
      .map(([category, ms]) => [category, ms / 3_600_000]),
  );
}

describe("DE, § 3b EStG", () => {
  test("Sunday 22:00 – Monday 02:00: 4 h Sunday, 2 h night 25 %, 2 h night 40 % (the law's example)", () => {
    const times = surchargeTimes(
      entry(at("2026-11-29T22:00", "+01:00"), at("2026-11-30T02:00", "+01:00"), BAVARIA),
      DE,
    );
    expect(hours(times)).toEqual({ sunday: 4, night: 2, night_core: 2 });
  });

  test("an ordinary Tuesday 08:00–16:30 with a break: nothing", () => {
    const day = entry(at("2026-12-01T08:00", "+01:00"), at("2026-12-01T16:30", "+01:00"), BAVARIA, [
      [at("2026-12-01T12:00", "+01:00"), at("2026-12-01T12:30", "+01:00")],
    ]);
    expect(hours(surchargeTimes(day, DE))).toEqual({});
  });

  test("a Sunday's break counts nothing: 10:00–18:00 less 30 min is 7.5 h Sunday", () => {
    const sunday = entry(at("2026-11-29T10:00", "+01:00"), at("2026-11-29T18:00", "+01:00"), BAVARIA, [
      [at("2026-11-29T12:00", "+01:00"), at("2026-11-29T12:30", "+01:00")],
    ]);
    expect(hours(surchargeTimes(sunday, DE))).toEqual({ sunday: 7.5 });
  });

  test("night work begun after midnight is plain night work (no 40 %, no Sunday's 0–4 h)", () => {
    const early = entry(at("2026-11-30T00:30", "+01:00"), at("2026-11-30T05:00", "+01:00"), BAVARIA);
    expect(hours(surchargeTimes(early, DE))).toEqual({ night: 4.5 });
  });

  test("night work from 18:00 to 07:00: 20–24 and 4–6 h at 25 %, 0–4 h at 40 %, nothing after 6 h", () => {
    const long = entry(at("2026-12-01T18:00", "+01:00"), at("2026-12-02T07:00", "+01:00"), BAVARIA);
    expect(hours(surchargeTimes(long, DE))).toEqual({ night: 6, night_core: 4 });
  });

  test("New Year's Eve from 14 h is a holiday (125 %), and New Year's Day is one", () => {
    const afternoon = entry(at("2026-12-31T12:00", "+01:00"), at("2026-12-31T20:00", "+01:00"), BAVARIA);
    expect(hours(surchargeTimes(afternoon, DE))).toEqual({ holiday: 6 });
    const party = entry(at("2026-12-31T18:00", "+01:00"), at("2027-01-01T02:00", "+01:00"), BAVARIA);
    expect(hours(surchargeTimes(party, DE))).toEqual({ holiday: 8, night: 4, night_core: 2 });
  });

  test("Christmas: 24.12. from 14 h, 25. and 26.12. at 150 %; the 0–4 h after the 26th keep it", () => {
    const eve = entry(at("2026-12-24T10:00", "+01:00"), at("2026-12-24T18:00", "+01:00"), BAVARIA);
    expect(hours(surchargeTimes(eve, DE))).toEqual({ holiday_special: 4 });
    const christmasDay = entry(at("2026-12-25T08:00", "+01:00"), at("2026-12-25T16:00", "+01:00"), BAVARIA);
    expect(hours(surchargeTimes(christmasDay, DE))).toEqual({ holiday_special: 8 });
    // The 26th is a Saturday, the 27th a Sunday: from 0 to 3 h the 26th's 150 % beats the Sunday's 50 %.
    const night = entry(at("2026-12-26T22:00", "+01:00"), at("2026-12-27T03:00", "+01:00"), BAVARIA);
    expect(hours(surchargeTimes(night, DE))).toEqual({ holiday_special: 5, night: 2, night_core: 3 });
  });

  test("1 May at 150 %, also from 0 h of a night begun on 30 April", () => {
    const day = entry(at("2026-05-01T06:00", "+02:00"), at("2026-05-01T14:00", "+02:00"), BAVARIA);
    expect(hours(surchargeTimes(day, DE))).toEqual({ holiday_special: 8 });
    const night = entry(at("2026-04-30T22:00", "+02:00"), at("2026-05-01T06:00", "+02:00"), BAVARIA);
    expect(hours(surchargeTimes(night, DE))).toEqual({ holiday_special: 6, night: 4, night_core: 4 });
  });

  test("a holiday on a Saturday runs on into Sunday's 0–4 h as a holiday, then the Sunday counts", () => {
    // 3 October 2026 is a Saturday.
    const night = entry(at("2026-10-03T23:00", "+02:00"), at("2026-10-04T06:00", "+02:00"), BAVARIA);
    expect(hours(surchargeTimes(night, DE))).toEqual({ holiday: 5, sunday: 2, night: 3, night_core: 4 });
  });

  test("a holiday of another region is no holiday here", () => {
    const epiphany = entry(at("2026-01-06T08:00", "+01:00"), at("2026-01-06T12:00", "+01:00"), new Set<string>());
    expect(hours(surchargeTimes(epiphany, DE))).toEqual({});
    const bavarian = entry(at("2026-01-06T08:00", "+01:00"), at("2026-01-06T12:00", "+01:00"), BAVARIA);
    expect(hours(surchargeTimes(bavarian, DE))).toEqual({ holiday: 4 });
  });

  test("across the March change of the clocks: 22:00–06:00 lasted 7 h and counts 7", () => {
    // Saturday 28 March 2026, 22:00 CET, to Sunday 29 March, 06:00 CEST.
    const night = entry(at("2026-03-28T22:00", "+01:00"), at("2026-03-29T06:00", "+02:00"), BAVARIA);
    expect(hours(surchargeTimes(night, DE))).toEqual({ night: 4, night_core: 3, sunday: 5 });
  });

  test("across the October change of the clocks: 22:00–06:00 lasted 9 h and counts 9", () => {
    // Saturday 24 October 2026, 22:00 CEST, to Sunday 25 October, 06:00 CET.
    const night = entry(at("2026-10-24T22:00", "+02:00"), at("2026-10-25T06:00", "+01:00"), BAVARIA);
    expect(hours(surchargeTimes(night, DE))).toEqual({ night: 4, night_core: 5, sunday: 7 });
  });

  test("stamped out at 00:30 and in again at 00:45: still night work begun before midnight", () => {
    const first = entry(at("2026-11-29T22:00", "+01:00"), at("2026-11-30T00:30", "+01:00"), BAVARIA);
    const second = entry(at("2026-11-30T00:45", "+01:00"), at("2026-11-30T02:00", "+01:00"), BAVARIA);
    expect(hours(surchargeTimesOfEntries([second, first], DE))).toEqual({ sunday: 3.75, night: 2, night_core: 1.75 });
    // Two hours later it is a new stretch of work: plain night, no Sunday.
    const later = entry(at("2026-11-30T02:30", "+01:00"), at("2026-11-30T05:00", "+01:00"), BAVARIA);
    expect(hours(surchargeTimesOfEntries([first, later], DE))).toEqual({ sunday: 2.5, night: 4.5, night_core: 0.5 });
  });
});

describe("CH, Arbeitsgesetz", () => {
  test("Saturday 22:00 – Sunday 02:00: night from 23 h, Sunday from Saturday 23 h", () => {
    const night = entry(at("2026-11-28T22:00", "+01:00"), at("2026-11-29T02:00", "+01:00"), ZURICH);
    expect(hours(surchargeTimes(night, CH))).toEqual({ night: 3, sunday: 3 });
  });

  test("Sunday 20:00–24:00: the Sunday ends at 23 h, the night begins", () => {
    const evening = entry(at("2026-11-29T20:00", "+01:00"), at("2026-11-30T00:00", "+01:00"), ZURICH);
    expect(hours(surchargeTimes(evening, CH))).toEqual({ sunday: 3, night: 1 });
  });

  test("1 August (a Saturday in 2026) from the eve's 23 h is a holiday, not a Sunday", () => {
    const night = entry(at("2026-07-31T23:00", "+02:00"), at("2026-08-01T07:00", "+02:00"), ZURICH);
    expect(hours(surchargeTimes(night, CH))).toEqual({ holiday: 8, night: 7 });
  });

  test("a weekday 07:00–16:00: nothing", () => {
    const day = entry(at("2026-12-01T07:00", "+01:00"), at("2026-12-01T16:00", "+01:00"), ZURICH);
    expect(hours(surchargeTimes(day, CH))).toEqual({});
  });
});

test("without labour rules there are no surcharges", () => {
  const night = entry(at("2026-11-29T22:00", "+01:00"), at("2026-11-30T02:00", "+01:00"), BAVARIA);
  expect(hours(surchargeTimes(night, { labourRules: "none", timeZone: "Europe/Berlin" }))).toEqual({});
});

test("the offsets written in these tests are the zones' own", () => {
  const wall = (instant: number, timeZone: string) =>
    new Intl.DateTimeFormat("sv-SE", { timeZone, dateStyle: "short", timeStyle: "short" }).format(instant);
  expect(wall(at("2026-03-29T06:00", "+02:00"), "Europe/Berlin")).toBe("2026-03-29 06:00");
  expect(wall(at("2026-10-25T06:00", "+01:00"), "Europe/Berlin")).toBe("2026-10-25 06:00");
  expect(wall(at("2026-07-31T23:00", "+02:00"), "Europe/Zurich")).toBe("2026-07-31 23:00");
});

describe("properties", () => {
  // Entries of up to 16 h starting anywhere in a stretch of days around both changes of the clocks, holidays and
  // Christmas, with up to two breaks, whole seconds (stamps carry seconds).
  const FIRSTS = [at("2026-03-27T00:00", "+01:00"), at("2026-10-23T00:00", "+02:00"), at("2026-12-23T00:00", "+01:00")];
  const SECOND = 1000;
  const entryArb = fc
    .record({
      first: fc.constantFrom(...FIRSTS),
      offset: fc.integer({ min: 0, max: 5 * 86_400 }),
      length: fc.integer({ min: 1, max: 16 * 3_600 }),
      breaks: fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 1, max: 3_600 })), {
        maxLength: 2,
      }),
      rules: fc.constantFrom(DE, CH),
    })
    .map(({ first, offset, length, breaks, rules }) => {
      const start = first + offset * SECOND;
      const end = start + length * SECOND;
      const pauses = breaks.map(([where, seconds]): [number, number] => {
        const from = start + Math.floor(where * length) * SECOND;
        return [from, Math.min(end, from + seconds * SECOND)];
      });
      return { item: entry(start, end, rules === DE ? BAVARIA : ZURICH, pauses), rules };
    });

  const workedMs = (item: SurchargeEntry) => {
    let breakMs = 0;
    let covered = item.startAt;
    for (const pause of [...item.breaks].sort((a, b) => a.startAt - b.startAt)) {
      const from = Math.max(pause.startAt, covered);
      if (pause.endAt > from) breakMs += pause.endAt - from;
      covered = Math.max(covered, pause.endAt);
    }
    return item.endAt - item.startAt - breakMs;
  };

  test("no category, and no group of categories that exclude each other, exceeds the worked time", () => {
    fc.assert(
      fc.property(entryArb, ({ item, rules }) => {
        const times = surchargeTimes(item, rules);
        const worked = workedMs(item);
        for (const category of ALL_SURCHARGE_CATEGORIES) expect(times[category]).toBeLessThanOrEqual(worked);
        expect(times.night + times.night_core).toBeLessThanOrEqual(worked);
        expect(times.sunday + times.holiday + times.holiday_special).toBeLessThanOrEqual(worked);
        const minutes = surchargeMinutesOfEntries([item], rules);
        for (const category of ALL_SURCHARGE_CATEGORIES)
          expect(minutes[category]).toBeLessThanOrEqual(Math.floor(worked / MINUTE_MS));
      }),
      { numRuns: 400 },
    );
  });

  test("cutting an entry in two changes no total", () => {
    fc.assert(
      fc.property(entryArb, fc.double({ min: 0, max: 1, noNaN: true }), ({ item, rules }, where) => {
        const cut = item.startAt + Math.floor((item.endAt - item.startAt) * where);
        const part = (from: number, to: number): SurchargeEntry => ({
          ...item,
          startAt: from,
          endAt: to,
          breaks: item.breaks
            .map((pause) => ({ startAt: Math.max(pause.startAt, from), endAt: Math.min(pause.endAt, to) }))
            .filter((pause) => pause.startAt < pause.endAt),
        });
        const whole = surchargeTimesOfEntries([item], rules);
        const halves = surchargeTimesOfEntries([part(item.startAt, cut), part(cut, item.endAt)], rules);
        expect(halves).toEqual(whole);
      }),
      { numRuns: 400 },
    );
  });

  test("at whole minutes, cutting changes no total in minutes either", () => {
    fc.assert(
      fc.property(entryArb, fc.double({ min: 0, max: 1, noNaN: true }), ({ item, rules }, where) => {
        const minute = (instant: number) => Math.floor(instant / MINUTE_MS) * MINUTE_MS;
        const start = minute(item.startAt);
        const end = Math.max(start + MINUTE_MS, minute(item.endAt));
        const cut = minute(start + (end - start) * where);
        const whole = entry(start, end, new Set<string>());
        const halves = [entry(start, cut, new Set<string>()), entry(cut, end, new Set<string>())];
        expect(surchargeMinutesOfEntries(halves, rules)).toEqual(surchargeMinutesOfEntries([whole], rules));
      }),
      { numRuns: 300 },
    );
  });
});
