import { expect, test } from "@playwright/test";
import { adminHeaders, createAsAdmin, expectAccessible, reviewShots, signIn, toast, unique } from "./support";

// "Meine Zeiten" on /me (docs/PRODUCT-RULES.md §32.7): Lea, linked to her employee, opens her times of October
// 2026 (a past month, so nothing depends on the hour the test runs), sees her entry and the month's total, asks a
// correction of its end, sees it pending; a manager accepts it (through the API); she sees the revision in
// "Verlauf" and downloads the month's Arbeitszeitnachweis as a PDF.

test.use({ viewport: { width: 390, height: 844 } });

test("Lea sees her entries and totals, asks a correction, sees the accepted revision and downloads the PDF", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const place = unique("Zeitenplatz");
  const location = await createAsAdmin(request, "/api/locations", { name: place });
  const lastName = unique("Zeiten");
  const lea = await createAsAdmin(request, "/api/employees", { first_name: "Lea", last_name: lastName });
  const headers = await adminHeaders(request);
  const linked = await request.put(`/api/employees/${lea.id}`, { headers, data: { location_ids: [location.id] } });
  expect(linked.status(), await linked.text()).toBe(200);
  const account = { username: unique("lea-zeiten"), password: "ui-test-passwort" };
  await createAsAdmin(request, "/api/users", {
    ...account,
    role: "user",
    must_change_password: false,
    employee_id: lea.id,
  });
  // Planned 08:00–15:30 with a 30 min break (7:00); worked 08:00–16:00 local (UTC+2) with a 30 min break: 7:30.
  await createAsAdmin(request, "/api/shifts", {
    employee_id: lea.id,
    location_id: location.id,
    shift_date: "2026-10-13",
    start_time: "08:00",
    end_time: "15:30",
    break_minutes: 30,
  });
  const entry = await createAsAdmin(request, "/api/time-entries", {
    employee_id: lea.id,
    location_id: location.id,
    start_at: "2026-10-13T06:00:00Z",
    end_at: "2026-10-13T14:00:00Z",
    breaks: [{ start_at: "2026-10-13T10:00:00Z", end_at: "2026-10-13T10:30:00Z" }],
    reason: "Nachtrag",
  });

  await signIn(page, account, "/me");
  const section = page.getByRole("region", { name: "Meine Zeiten" });
  await section.getByRole("button", { name: "Meine Zeiten anzeigen" }).click();
  await section.getByLabel("Monat").fill("2026-10");
  const row = section.getByTestId("my-time-entry");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Di 13.10.2026 · 08:00–16:00");
  await expect(row).toContainText("offen");
  await expect(row).toContainText("7:30 h gearbeitet · Pause 0:30 h");
  await expect(section.getByText("Oktober 2026", { exact: true })).toBeVisible();
  await expect(section.getByText("7:30 h gearbeitet", { exact: true })).toBeVisible();
  await expect(section.getByText("Geplant 7:00 h · Differenz +0:30 h")).toBeVisible();
  await expectAccessible(page, "my times, October");

  // The end was 16:30, not 16:00.
  await row.getByRole("button", { name: "Korrektur anfragen" }).click();
  const dialog = page.getByRole("dialog", { name: "Korrektur anfragen" });
  await dialog.getByLabel("Was stimmt nicht?").fill("Ich habe erst um 16:30 Uhr aufgehört.");
  await dialog.getByLabel("Richtiges Ende (optional)").fill("16:30");
  await expectAccessible(page, "my times, correction dialog");
  await dialog.getByRole("button", { name: "Korrektur anfragen" }).click();
  await expect(toast(page, "Korrektur angefragt!")).toBeVisible();
  await expect(row).toContainText("Korrektur angefragt");
  await expect(row.getByRole("button", { name: "Korrektur anfragen" })).toHaveCount(0);
  await reviewShots(page, "my-times-pending");

  // A manager accepts it.
  const open = await request.get("/api/time-corrections?status=open", { headers });
  expect(open.status()).toBe(200);
  const request_ = ((await open.json()) as { id: number; entry_id: number }[]).find((c) => c.entry_id === entry.id);
  expect(request_).toBeDefined();
  const accepted = await request.post(`/api/time-corrections/${request_!.id}/accept`, { headers, data: {} });
  expect(accepted.status(), await accepted.text()).toBe(200);

  await page.reload();
  await section.getByRole("button", { name: "Meine Zeiten anzeigen" }).click();
  await section.getByLabel("Monat").fill("2026-10");
  await expect(row).toContainText("08:00–16:30");
  await expect(row).toContainText("Korrektur übernommen");
  await row.getByRole("button", { name: /^Verlauf/ }).click();
  const history = page.getByRole("dialog", { name: "Verlauf vom 13.10.2026" });
  const change = history.getByTestId("my-time-revision").first();
  await expect(change).toContainText("08:00–16:00, Pause 0:30 h, offen → 08:00–16:30, Pause 0:30 h, offen");
  await expectAccessible(page, "my times, history");
  await reviewShots(page, "my-times-history");
  // The dialog's own ✕ and the button at the bottom, within a thumb's reach, both close it.
  await history.getByRole("button", { name: "Schliessen" }).last().click();
  await expect(history).toHaveCount(0);

  const downloading = page.waitForEvent("download");
  await section.getByRole("button", { name: "Arbeitszeitnachweis (PDF)" }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe(
    `arbeitszeitnachweis-2026-10-lea-${lastName.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.pdf`,
  );
  await expect(toast(page, "Arbeitszeitnachweis wurde heruntergeladen!")).toBeVisible();
  await reviewShots(page, "my-times");
});
