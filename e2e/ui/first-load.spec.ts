import { expect, test } from "@playwright/test";
import { addDays, mondayOf, todayIn } from "../../lib/shared/dates";
import { E2E_ADMIN } from "../../playwright.config";
import { adminHeaders, screenLoaded, signIn, unique } from "./support";

// The dashboard, the planner and Meine Schichten are the screens people open first. Their data
// calls start from the page's <head> (lib/client/early-requests.ts) and the
// app takes those answers instead of asking again: a full load asks for each
// thing once.
for (const [screen, path, expected] of [
  ["dashboard", "/", ["/api/auth/me", "/api/dashboard"]],
  ["planner", "/schedule", ["/api/auth/me", "/api/employees", "/api/locations", "/api/schedule/week"]],
] as const) {
  test(`a full load of the ${screen} asks for each piece of data once`, async ({ page }) => {
    await signIn(page, E2E_ADMIN, "/profile");
    const calls: string[] = [];
    page.on("request", (r) => r.url().includes("/api/") && calls.push(new URL(r.url()).pathname));
    await page.goto(path);
    await screenLoaded(page);
    await page.waitForLoadState("networkidle");
    expect(calls.sort()).toEqual([...expected]);
  });
}

test("a full load of Meine Schichten asks for its data once", async ({ page, request }) => {
  const headers = await adminHeaders(request);
  const employee = await request.post("/api/employees", {
    headers,
    data: { first_name: "Nora", last_name: unique("Früh") },
  });
  const account = { username: unique("frueh"), password: "frueh-passwort", role: "user" };
  const user = await request.post("/api/users", {
    headers,
    data: { ...account, employee_id: (await employee.json()).id, must_change_password: false },
  });
  expect(user.status(), await user.text()).toBe(201);
  await signIn(page, account, "/profile");
  const calls: string[] = [];
  page.on("request", (r) => r.url().includes("/api/") && calls.push(new URL(r.url()).pathname));
  await page.goto("/me");
  await screenLoaded(page);
  await page.waitForLoadState("networkidle");
  // Each once: the schedule, the stamp card's state and the Schichtbörse (docs/PRODUCT-RULES.md §35.2).
  expect(calls.sort()).toEqual(["/api/auth/me", "/api/me", "/api/me/clock", "/api/swaps"]);
});

// The head script is built from the app's own functions (lib/client/early-requests-script.ts): in the production
// build it must still run and ask for exactly what the planner then takes, the week included.
test("the page head sends the planner's first GETs, this week's plan included", async ({ page }) => {
  await signIn(page, E2E_ADMIN, "/profile");
  await page.goto("/schedule");
  await screenLoaded(page);
  const early = await page.evaluate(() =>
    Object.keys(
      (window as unknown as { __schichtwerkEarly?: { responses: object } }).__schichtwerkEarly?.responses ?? {},
    ),
  );
  const monday = mondayOf(todayIn("Europe/Zurich"));
  expect(early).toEqual([
    "/auth/me",
    "/employees",
    "/locations",
    `/schedule/week?start_date=${monday}&end_date=${addDays(monday, 6)}`,
  ]);
});

// docs/PRODUCT-RULES.md §27.4: the address names the week; the head script fetches that one, and the planner takes it.
test("the planner's ?week= address: the head sends that week and each call goes out once", async ({ page }) => {
  await signIn(page, E2E_ADMIN, "/profile");
  const calls: string[] = [];
  page.on("request", (r) => r.url().includes("/api/") && calls.push(r.url().slice(r.url().indexOf("/api/"))));
  const monday = addDays(mondayOf(todayIn("Europe/Zurich")), 21);
  await page.goto(`/schedule?week=${addDays(monday, 2)}`);
  await screenLoaded(page);
  await page.waitForLoadState("networkidle");
  const week = `/schedule/week?start_date=${monday}&end_date=${addDays(monday, 6)}`;
  expect(calls.sort()).toEqual(["/api/auth/me", "/api/employees", "/api/locations", `/api${week}`]);
  const early = await page.evaluate(() =>
    Object.keys(
      (window as unknown as { __schichtwerkEarly?: { responses: object } }).__schichtwerkEarly?.responses ?? {},
    ),
  );
  expect(early).toEqual(["/auth/me", "/employees", "/locations", week]);
});
