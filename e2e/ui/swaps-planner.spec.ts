import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { addDays, mondayOf, todayIn } from "../../lib/shared/dates";
import { formatDate, isoWeekNumber } from "../../lib/shared/format";
import {
  adminHeaders,
  apiLogin,
  createAccount,
  createAsAdmin,
  expectAccessible,
  publishPlan,
  reviewShots,
  signIn,
  toast,
  unique,
} from "./support";

// The planner's side of swaps (docs/PRODUCT-RULES.md §35.7): the chips of shifts with a running offer are marked,
// "Tauschanfragen (n)" opens the list, a planner approves (with "Rückgängig") or rejects with a reason. The list and
// the dashboard's count cover the whole app: the figures are compared with the answer the screen got, and the
// offers looked at are this spec's own.

const row = (page: Page, location: string) =>
  page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: location }) });

type Person = { id: number; name: string; headers: Record<string, string> };

/** An employee with a linked staff account, signed in through the API. */
async function linkedPerson(request: APIRequestContext, firstName: string): Promise<Person> {
  const lastName = unique("Tausch");
  const employee = await createAsAdmin(request, "/api/employees", { first_name: firstName, last_name: lastName });
  const account = { username: unique(firstName.toLowerCase()), password: "ui-test-passwort" };
  const res = await request.post("/api/users", {
    headers: await adminHeaders(request),
    data: { ...account, role: "user", employee_id: employee.id, must_change_password: false },
  });
  expect(res.status(), await res.text()).toBe(201);
  const session = await apiLogin(request, account);
  return {
    id: employee.id,
    name: `${firstName} ${lastName}`,
    headers: { Authorization: `Bearer ${session.accessToken}` },
  };
}

async function shift(request: APIRequestContext, data: Record<string, unknown>) {
  return createAsAdmin(request, "/api/shifts", { start_time: "09:00", end_time: "14:00", ...data });
}

async function post(request: APIRequestContext, path: string, person: Person, data: Record<string, unknown> = {}) {
  const res = await request.post(path, { headers: person.headers, data });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as { id: number; status: string };
}

/** Opens the planner at `path` and answers how many offers run, as the week's answer told the screen. */
async function openPlanner(page: Page, path: string): Promise<number> {
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/schedule/week");
  await page.goto(path);
  return ((await (await answer).json()) as { swaps: { running: number } }).swaps.running;
}

/** Opens "Tauschanfragen (n)" and answers the list, named by the count of the offers GET /api/swaps answered. */
async function openList(page: Page, running: number) {
  const answer = page.waitForResponse(
    (response) => new URL(response.url()).pathname === "/api/swaps" && response.request().method() === "GET",
  );
  const toggle = page.getByRole("button", { name: `Tauschanfragen (${running})` });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const listed = ((await (await answer).json()) as unknown[]).length;
  return page.getByRole("region", { name: `Tauschanfragen (${listed})` });
}

test("a give-away accepted by a colleague: marked on the chip, listed, approved and undone", async ({
  page,
  request,
}) => {
  const locationName = unique("Tausch-Filiale");
  const location = await createAsAdmin(request, "/api/locations", { name: locationName });
  const lea = await linkedPerson(request, "Lea");
  const ben = await linkedPerson(request, "Ben");
  // Wednesday in two weeks: not begun, a week of its own for nobody but this location's row.
  const monday = addDays(mondayOf(todayIn("Europe/Zurich")), 14);
  const wednesday = addDays(monday, 2);
  const leas = await shift(request, { location_id: location.id, employee_id: lea.id, shift_date: wednesday });
  // Ben works until 23:00 the evening before: taking Lea's shift leaves him 10 h of rest, a warning.
  const tuesday = addDays(monday, 1);
  await shift(request, {
    location_id: location.id,
    employee_id: ben.id,
    shift_date: tuesday,
    start_time: "15:00",
    end_time: "23:00",
  });
  await publishPlan(request, { from: tuesday, to: wednesday, locationIds: [location.id] });
  const offer = await post(request, "/api/swaps", lea, { shift_id: leas.id, kind: "give_away", note: "Arzttermin" });
  expect((await post(request, `/api/swaps/${offer.id}/accept`, ben)).status).toBe("accepted");

  const manager = await createAccount(request, "manager");
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, manager, "/profile");

  // The dashboard counts what waits (the whole app's offers: compared with its own answer).
  const board = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/dashboard");
  await page.goto("/");
  const waiting = ((await (await board).json()) as { pending_swaps: number }).pending_swaps;
  expect(waiting).toBeGreaterThanOrEqual(1);
  await expect(
    page.getByText(
      waiting === 1 ? "1 Tauschanfrage wartet auf Freigabe." : `${waiting} Tauschanfragen warten auf Freigabe.`,
    ),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Tauschanfragen ansehen" })).toHaveAttribute("href", "/schedule");

  // The planners' message links with ?date=: the planner opens that day's week and names it in the address.
  const count = await openPlanner(page, `/schedule?date=${wednesday}`);
  await expect(page).toHaveURL(new RegExp(`/schedule\\?week=${monday}$`));
  await expect(page.getByText(`KW ${isoWeekNumber(monday)} ·`)).toBeVisible();
  const chip = row(page, locationName).getByTestId("shift").filter({ hasText: "09:00–14:00" });
  await expect(row(page, locationName).getByTestId("shift")).toHaveCount(2);
  await expect(chip.getByTestId("shift-swap")).toHaveText("⇄ Abgabe: wartet");
  await expect(
    chip.getByRole("button", { name: new RegExp(`^Schicht bearbeiten: ${lea.name}.*Abgabe: wartet`) }),
  ).toBeVisible();

  const panel = await openList(page, count);
  const item = panel.getByRole("listitem", { name: `Abgabe: ${lea.name} an ${ben.name}` });
  await expect(item).toContainText("Wartet auf Freigabe");
  await expect(item).toContainText(`Mi ${formatDate(wednesday)}, 09:00–14:00, ${locationName}`);
  await expect(item).toContainText("«Arzttermin»");
  // What the approval would give: a warning, so "Freigeben" stays possible.
  await expect(item.getByRole("list", { name: "Nach der Freigabe" })).toContainText(/^Hinweis: .*Ruhe/);
  await expect(item.getByRole("button", { name: "Freigeben" })).toBeEnabled();
  // "Schicht zeigen" puts the keyboard on the shift's chip.
  await item.getByRole("button", { name: "Schicht zeigen" }).click();
  await expect(chip.getByRole("button", { name: /^Schicht bearbeiten: / })).toBeFocused();
  await expectAccessible(page, "planner with Tauschanfragen");
  await item.scrollIntoViewIfNeeded();
  await reviewShots(page, "swaps-planner-list");

  await item.getByRole("button", { name: "Freigeben" }).click();
  const approved = toast(page, "Abgabe freigegeben!");
  await expect(approved).toBeVisible();
  await expect(chip).toContainText(ben.name);
  await expect(chip.getByTestId("shift-swap")).toHaveCount(0);
  await expect(item).toHaveCount(0);
  await reviewShots(page, "swaps-planner-approved");

  // "Rückgängig" takes the plan change back: the shift is Lea's again.
  await approved.getByRole("button", { name: "Rückgängig" }).click();
  await expect(toast(page, "Änderung rückgängig gemacht")).toBeVisible();
  await expect(chip).toContainText(lea.name);
});

test("a swap of two shifts in another week: listed, shown in its week, rejected with a reason", async ({
  page,
  request,
}) => {
  const locationName = unique("Tausch-Laden");
  const location = await createAsAdmin(request, "/api/locations", { name: locationName });
  const carla = await linkedPerson(request, "Carla");
  const dora = await linkedPerson(request, "Dora");
  const shown = addDays(mondayOf(todayIn("Europe/Zurich")), 14);
  const monday = addDays(shown, 7);
  const [thursday, friday] = [addDays(monday, 3), addDays(monday, 4)];
  const carlas = await shift(request, { location_id: location.id, employee_id: carla.id, shift_date: thursday });
  const doras = await shift(request, {
    location_id: location.id,
    employee_id: dora.id,
    shift_date: friday,
    start_time: "14:00",
    end_time: "18:00",
  });
  await publishPlan(request, { from: thursday, to: friday, locationIds: [location.id] });
  const offer = await post(request, "/api/swaps", carla, {
    shift_id: carlas.id,
    kind: "swap",
    target_shift_id: doras.id,
    note: "Familienfest",
  });

  const manager = await createAccount(request, "manager");
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, manager, "/profile");
  const count = await openPlanner(page, `/schedule?week=${shown}`);
  const panel = await openList(page, count);
  const item = panel.getByRole("listitem", { name: `Tausch: ${carla.name} mit ${dora.name}` });
  await expect(item).toContainText("Noch nicht angenommen");
  await expect(item).toContainText(`${carla.name} gibt`);
  await expect(item).toContainText(`Do ${formatDate(thursday)}, 09:00–14:00, ${locationName}`);
  await expect(item).toContainText(`Fr ${formatDate(friday)}, 14:00–18:00, ${locationName}`);
  // Nobody accepted: nothing to approve yet.
  await expect(item.getByRole("button", { name: "Freigeben" })).toHaveCount(0);

  // Another week: "Zur Woche" shows it, with both shifts marked.
  await item.getByRole("button", { name: `Zur Woche (KW ${isoWeekNumber(monday)})` }).click();
  await expect(page).toHaveURL(new RegExp(`week=${monday}`));
  const chips = row(page, locationName).getByTestId("shift");
  await expect(chips).toHaveCount(2);
  await expect(chips.getByTestId("shift-swap")).toHaveText(["⇄ Tausch offen", "⇄ Tausch offen"]);
  await expect(item.getByRole("button", { name: "Schicht zeigen" })).toBeVisible();
  await reviewShots(page, "swaps-planner-swap");

  await page.setViewportSize({ width: 390, height: 844 });
  await item.getByRole("button", { name: "Ablehnen" }).click();
  const dialog = page.getByRole("dialog", { name: "Tausch ablehnen" });
  await expect(dialog).toContainText(
    `${carla.name} und ${dora.name} tauschen nicht: Do ${formatDate(thursday)}, 09:00–14:00, ${locationName} ` +
      `gegen Fr ${formatDate(friday)}, 14:00–18:00, ${locationName}.`,
  );
  await dialog.getByLabel("Begründung (optional)").fill("Bitte direkt mit der Leitung absprechen");
  await expectAccessible(page, "reject dialog");
  await reviewShots(page, "swaps-planner-reject");
  await dialog.getByRole("button", { name: "Ablehnen" }).click();
  await expect(toast(page, "Tausch abgelehnt")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(item).toHaveCount(0);
  await expect(chips.getByTestId("shift-swap")).toHaveCount(0);

  // Carla's side: rejected, with the reason.
  const mine = await request.get("/api/swaps", { headers: carla.headers });
  const rejected = ((await mine.json()) as { id: number; status: string; reject_reason: string | null }[]).find(
    (swap) => swap.id === offer.id,
  );
  expect(rejected).toMatchObject({ status: "rejected", reject_reason: "Bitte direkt mit der Leitung absprechen" });
});
