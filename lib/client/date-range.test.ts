import { describe, expect, test } from "vitest";
import { withStartDate } from "./date-range";

describe("withStartDate: 'Bis' follows 'Von' (docs/PRODUCT-RULES.md §31.4)", () => {
  const form = { start_date: "2026-12-01", end_date: "2026-12-04", note: "Kurs" };

  test("a start after the end moves the end to it", () => {
    expect(withStartDate(form, "2026-12-09")).toEqual({
      start_date: "2026-12-09",
      end_date: "2026-12-09",
      note: "Kurs",
    });
  });

  test("an end on or after the start stays", () => {
    expect(withStartDate(form, "2026-12-04").end_date).toBe("2026-12-04");
    expect(withStartDate(form, "2026-11-20").end_date).toBe("2026-12-04");
  });

  test("an empty end takes the start; an incomplete start moves nothing", () => {
    expect(withStartDate({ start_date: "", end_date: "" }, "2026-12-02")).toEqual({
      start_date: "2026-12-02",
      end_date: "2026-12-02",
    });
    expect(withStartDate(form, "")).toEqual({ ...form, start_date: "" });
  });
});
