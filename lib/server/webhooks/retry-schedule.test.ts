import { describe, expect, test } from "vitest";
import { nextAttemptAt } from "./retry-schedule";

const created = new Date("2026-12-17T08:00:00.000Z");
const after = (ms: number) => new Date(created.getTime() + ms);
const MIN = 60_000;
const HOUR = 60 * MIN;

describe("the retry schedule of webhook deliveries (docs/PRODUCT-RULES.md §37.3)", () => {
  test("30 s, then twice the pause each time, at most 6 h, the last try at 24 h, then give up", () => {
    const tries: number[] = [0];
    let now = created;
    for (let n = 1; ; n++) {
      const next = nextAttemptAt(created, n, now);
      if (!next) break;
      tries.push(next.getTime() - created.getTime());
      now = next;
    }
    expect(tries.slice(0, 5)).toEqual([0, 30_000, 90_000, 210_000, 450_000]);
    expect(tries.at(-1)).toBe(24 * HOUR);
    expect(tries).toHaveLength(14);
    const pauses = tries.slice(1).map((t, i) => t - tries[i]);
    expect(Math.max(...pauses)).toBe(6 * HOUR);
  });

  test("a pause never reaches past 24 h; at or after 24 h: give up", () => {
    expect(nextAttemptAt(created, 10, after(23 * HOUR))).toEqual(after(24 * HOUR));
    expect(nextAttemptAt(created, 1, after(24 * HOUR))).toBeNull();
    expect(nextAttemptAt(created, 3, after(30 * HOUR))).toBeNull();
  });
});
