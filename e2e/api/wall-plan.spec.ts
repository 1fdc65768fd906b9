import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { pdfTextRuns } from "../../tests/support/pdf";

// Archived after the test: an active location of another canton would take Bern's Berchtoldstag out of the planner's
// day header in e2e/ui/planning-rules.spec.ts (a holiday goes into the header only when every location has it).
let created: { id: number; headers: Record<string, string> } | null = null;
test.afterEach(async ({ request }) => {
  if (!created) return;
  const res = await request.delete(`/api/locations/${created.id}`, { headers: created.headers });
  expect(res.status(), await res.text()).toBe(200);
  created = null;
});

// Issue 29, defect 3 (docs/PRODUCT-RULES.md §31.3), against the production build: a holiday does not shrink the
// wall plan's type, "7.5 h" stays on one line, names are bold. 2043 has 2026's calendar: Christmas on Friday.
test("the wall plan keeps its type in Christmas week; 7.5 h unbroken; bold names", async ({ request }) => {
  const login = await request.post("/api/auth/login", { data: E2E_ADMIN });
  const headers = { Authorization: `Bearer ${(await login.json()).accessToken}` };
  const tag = randomUUID().slice(0, 6);
  // Its own region, so the rest of the e2e data keeps the company's settings.
  const location = await (
    await request.post("/api/locations", {
      headers,
      data: { name: `Wandplan ${tag}`, color: "#10b981", holiday_region: "CH-ZH" },
    })
  ).json();
  created = { id: location.id, headers };
  const people: { id: number }[] = [];
  for (const [first, last] of [
    ["Wanda", `Meier${tag}`],
    ["Walter", `Keller${tag}`],
  ]) {
    const res = await request.post("/api/employees", {
      headers,
      data: { first_name: first, last_name: last, weekly_hours: 40 },
    });
    expect(res.status()).toBe(201);
    people.push(await res.json());
  }
  const plan = async (dates: string[]) => {
    for (const [i, date] of dates.entries()) {
      const res = await request.post("/api/shifts", {
        headers,
        data: {
          employee_id: people[i % 2].id,
          location_id: location.id,
          shift_date: date,
          start_time: "06:30",
          end_time: "14:30",
          break_minutes: 30,
          is_custom: false,
        },
      });
      expect(res.status()).toBe(201);
    }
  };
  await plan(["2043-12-14", "2043-12-15", "2043-12-16", "2043-12-17", "2043-12-18", "2043-12-19"]);
  await plan(["2043-12-21", "2043-12-22", "2043-12-23", "2043-12-24", "2043-12-25", "2043-12-26"]);

  const runs = async (monday: string, sunday: string) => {
    const res = await request.get(`/api/reports/schedule/pdf?start_date=${monday}&end_date=${sunday}&rows=employees`, {
      headers,
    });
    expect(res.status()).toBe(200);
    return pdfTextRuns(await res.body());
  };
  const timeSizes = (all: Awaited<ReturnType<typeof runs>>) =>
    new Set(all.filter((run) => run.text === "06:30–14:30").map((run) => run.size));
  const normal = await runs("2043-12-14", "2043-12-20");
  const christmas = await runs("2043-12-21", "2043-12-27");
  expect(christmas.some((run) => run.text.includes("Weihnachtstag"))).toBe(true);
  expect(timeSizes(normal).size).toBe(1);
  expect(timeSizes(christmas)).toEqual(timeSizes(normal));
  expect([...timeSizes(christmas)][0]).toBeGreaterThanOrEqual(11);
  // The row names: bold, as large in both weeks.
  const nameRuns = (all: typeof normal) =>
    all.filter((run) => run.text.startsWith("Wanda") || run.text.startsWith("Walter"));
  expect(nameRuns(christmas).every((run) => run.bold)).toBe(true);
  expect(new Set(nameRuns(christmas).map((run) => run.size))).toEqual(new Set(nameRuns(normal).map((run) => run.size)));

  // Rows of locations: the shift's hours on one line with their unit, the name in bold.
  const res = await request.get("/api/reports/schedule/pdf?start_date=2043-12-21&end_date=2043-12-27", { headers });
  const byLocation = pdfTextRuns(await res.body());
  expect(byLocation.some((run) => /7\.5\u00a0h/.test(run.text))).toBe(true);
  expect(byLocation.filter((run) => /\d\.\d$/.test(run.text) || /^h\b/.test(run.text))).toEqual([]);
  const names = byLocation.filter((run) => run.text.includes(tag) && !run.text.startsWith("Wandplan"));
  expect(names.length).toBeGreaterThan(0);
  expect(names.every((run) => run.bold)).toBe(true);
});
