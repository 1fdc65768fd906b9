import { expect, test, type Page } from "@playwright/test";
import { addDays, mondayOf, todayIn } from "../../lib/shared/dates";
import { formatDayMonth } from "../../lib/shared/format";
import { adminHeaders, apiLogin, createAccount, signIn, toast, unique } from "./support";

const monday = () => mondayOf(todayIn("Europe/Zurich"));
const row = (page: Page, location: string) =>
  page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: location }) });

async function newLocation(request: Parameters<typeof adminHeaders>[0]) {
  const name = unique("Rückgängig");
  const res = await request.post("/api/locations", { headers: await adminHeaders(request), data: { name } });
  return { name, id: (await res.json()).id as number };
}

async function createShiftInPlanner(page: Page, location: string, day: string) {
  await row(page, location)
    .getByRole("button", { name: `Schicht hinzufügen: ${location}, ${day}` })
    .click();
  await page.getByRole("dialog", { name: "Neue Schicht" }).getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page, "Schicht erstellt!")).toBeVisible();
  await expect(row(page, location).getByTestId("shift")).toHaveCount(1);
}

test("undo: 'Rückgängig' in the toast, 'Wiederherstellen', and Ctrl+Z after a delete", async ({ page, request }) => {
  const location = await newLocation(request);
  const manager = await createAccount(request, "manager", "undo");
  await signIn(page, manager, "/schedule");
  const tuesday = `Di ${formatDayMonth(addDays(monday(), 1))}`;
  await createShiftInPlanner(page, location.name, tuesday);
  const chips = row(page, location.name).getByTestId("shift");

  await toast(page, "Schicht erstellt!").getByRole("button", { name: "Rückgängig" }).click();
  await expect(toast(page, "Änderung rückgängig gemacht")).toBeVisible();
  await expect(chips).toHaveCount(0);
  await toast(page, "Änderung rückgängig gemacht").getByRole("button", { name: "Wiederherstellen" }).click();
  await expect(toast(page, "Änderung wiederhergestellt")).toBeVisible();
  await expect(chips).toHaveCount(1);

  await chips.getByRole("button", { name: /^Schicht löschen/ }).click();
  await page.getByRole("dialog", { name: "Schicht löschen" }).getByRole("button", { name: "Löschen" }).click();
  await expect(toast(page, "Schicht gelöscht!")).toBeVisible();
  await expect(chips).toHaveCount(0);
  await page.locator("body").press("Control+z");
  await expect(toast(page, "Änderung rückgängig gemacht")).toBeVisible();
  await expect(chips).toHaveCount(1);
  await expect(chips).toContainText("09:00–17:00");
});

test("undo is refused after someone else edited the shift; their change stays", async ({ page, request }) => {
  const location = await newLocation(request);
  const manager = await createAccount(request, "manager", "undo");
  const colleague = await createAccount(request, "manager", "undo");
  await signIn(page, manager, "/schedule");
  const wednesday = addDays(monday(), 2);
  await createShiftInPlanner(page, location.name, `Mi ${formatDayMonth(wednesday)}`);

  // A second session moves the shift's end meanwhile.
  const session = await apiLogin(request, colleague);
  const headers = { Authorization: `Bearer ${session.accessToken}` };
  const listed = await request.get(`/api/shifts?start_date=${wednesday}&end_date=${wednesday}`, { headers });
  const shift = ((await listed.json()) as { id: number; location_id: number }[]).find(
    (s) => s.location_id === location.id,
  )!;
  const edited = await request.put(`/api/shifts/${shift.id}`, {
    headers,
    data: {
      employee_id: null,
      location_id: location.id,
      shift_date: wednesday,
      start_time: "09:00",
      end_time: "19:00",
      break_minutes: 30,
      is_custom: false,
    },
  });
  expect(edited.status()).toBe(200);

  await toast(page, "Schicht erstellt!").getByRole("button", { name: "Rückgängig" }).click();
  await expect(toast(page, "Inzwischen geändert – Rückgängig nicht möglich")).toBeVisible();
  await page.reload();
  await expect(row(page, location.name).getByTestId("shift")).toContainText("09:00–19:00");
});
