import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { startReceiver } from "../../tests/support/webhook-receiver.mjs";
import {
  adminHeaders,
  createAccount,
  createAsAdmin,
  expectAccessible,
  reviewShots,
  signIn,
  toast,
  unique,
} from "./support";

// The section «Webhooks» on "Integrationen" (docs/PRODUCT-RULES.md §37.6), against a real receiver started here (the
// e2e server runs with WEBHOOK_ALLOW_PRIVATE=1, playwright.config.ts; the guard itself is the vitest tests'). A
// global spec (GLOBAL_UI_SPECS): a hook listening to `shift.created` hears every spec's shifts while it lives, so
// each test deletes its hooks at the end, and expects none at the start.

const section = (page: Page) => page.getByRole("region", { name: "Webhooks" });
const card = (page: Page, name: string) => section(page).getByRole("listitem").filter({ hasText: name });
const PRIVATE_REFUSAL =
  "Diese Adresse ist nicht erlaubt: 10.0.0.1 ist eine private Adresse. Webhooks gehen nur an öffentliche Adressen " +
  "(WEBHOOK_ALLOW_PRIVATE=1 erlaubt private).";

type Hook = { id: number; name: string | null; url: string; events: string[]; active: boolean; secret?: string };

async function deleteAllHooks(request: APIRequestContext) {
  const headers = await adminHeaders(request);
  const hooks = (await (await request.get("/api/webhooks", { headers })).json()) as Hook[];
  for (const hook of hooks) await request.delete(`/api/webhooks/${hook.id}`, { headers });
}

/** An open shift through the API, as a till or a planner would make it: its `shift.created` goes to every hook. */
async function createShift(request: APIRequestContext, date: string) {
  const location = await createAsAdmin(request, "/api/locations", { name: unique("Hook-Filiale"), color: "#3B82F6" });
  return createAsAdmin(request, "/api/shifts", {
    location_id: location.id,
    shift_date: date,
    start_time: "08:00",
    end_time: "12:00",
  });
}

test("admin adds a hook to a receiver: secret once, Test senden, a shift in the log, off and on, deleted", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  let secret: string | undefined;
  const receiver = await startReceiver(() => secret);
  try {
    const admin = await createAccount(request, "admin", "hook-admin");
    const name = unique("Kasse");
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, admin, "/integrations");
    await expect(section(page)).toContainText("jede Meldung ist signiert und wird bei Fehlern 24 Stunden");
    await expect(section(page).getByRole("link", { name: "API-Dokumentation" })).toHaveAttribute("href", "/api-docs");
    await expect(section(page)).toContainText("Noch keine Webhooks.");

    // The form's checks, then the server's refusal at its field: what was entered stays.
    const add = section(page).getByRole("button", { name: "Webhook hinzufügen" });
    await add.click();
    const dialog = page.getByRole("dialog", { name: "Webhook hinzufügen" });
    await expect(dialog.getByLabel("Name (freiwillig)")).toBeFocused();
    await dialog.getByRole("button", { name: "Speichern" }).click();
    const url = dialog.getByLabel("Adresse (URL)");
    await expect(url).toHaveAccessibleDescription(
      /Bitte gib eine gültige Adresse an, die mit http:\/\/ oder https:\/\//,
    );
    await expect(url).toBeFocused();
    await expect(dialog.getByText("Bitte wähle mindestens ein Ereignis aus")).toBeVisible();
    await dialog.getByLabel("Name (freiwillig)").fill(name);
    await url.fill("https://kasse:geheim@hooks.example.ch/x");
    await dialog.getByRole("checkbox", { name: /^Schicht angelegt/ }).check();
    await dialog.getByRole("button", { name: "Speichern" }).click();
    await expect(url).toHaveAccessibleDescription(/Die Adresse darf keinen Benutzernamen und kein Passwort enthalten/);
    await expectAccessible(page, "add webhook dialog with errors");
    await reviewShots(page, "webhooks-add-invalid");

    // The server's guard (lifted on this server: its answer is played here, word for word) stands at the field.
    await page.route("**/api/webhooks", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({
            status: 400,
            json: { error: PRIVATE_REFUSAL, code: "validation_failed", fields: { url: PRIVATE_REFUSAL } },
          })
        : route.fallback(),
    );
    await url.fill("http://10.0.0.1/hook");
    await dialog.getByRole("button", { name: "Speichern" }).click();
    await expect(toast(page, PRIVATE_REFUSAL)).toBeVisible();
    await expect(url).toHaveAccessibleDescription(new RegExp("10\\.0\\.0\\.1 ist eine private Adresse"));
    await expect(url).toBeFocused();
    await expect(dialog.getByLabel("Name (freiwillig)")).toHaveValue(name);
    await expect(dialog.getByRole("checkbox", { name: /^Schicht angelegt/ })).toBeChecked();
    await reviewShots(page, "webhooks-add-refused");
    await page.unrouteAll();

    await url.fill(receiver.url);
    await dialog.getByRole("button", { name: "Speichern" }).click();

    // The secret, once, in the same dialog; copied, "Fertig" closes without asking.
    const shown = page.getByRole("dialog", { name: `Webhook «${name}» hinzugefügt` });
    await expect(shown.getByText("Kopiere den Signaturschlüssel jetzt – er wird nur einmal angezeigt.")).toBeVisible();
    const field = shown.getByLabel(`Signaturschlüssel für «${name}»`);
    await expect(field).toBeFocused();
    const shownSecret = await field.inputValue();
    expect(shownSecret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    await expect(field).toHaveAccessibleDescription(/X-Schichtwerk-Signature/);
    await expectAccessible(page, "webhook secret shown once");
    await reviewShots(page, "webhooks-secret");
    await shown.getByRole("button", { name: "Kopieren" }).click();
    await expect(toast(page, "Kopiert!")).toBeVisible();
    secret = await page.evaluate(() => navigator.clipboard.readText());
    expect(secret).toBe(shownSecret);
    await shown.getByRole("button", { name: "Fertig" }).click();
    await expect(shown).toHaveCount(0);
    await expect(add).toBeFocused();

    const row = card(page, name);
    await expect(row).toContainText("Aktiv");
    await expect(row).toContainText(receiver.url);
    await expect(row).not.toContainText(shownSecret);
    await expect(row.getByRole("list", { name: "Ereignisse" }).getByRole("listitem")).toHaveText(["Schicht angelegt"]);
    await expect(row).toContainText("Noch nie erfolgreich zugestellt");

    // "Test senden": the answer in the card and as a toast; the receiver got a ping signed with the secret shown.
    await row.getByRole("button", { name: `Test senden an «${name}»` }).click();
    const delivered = /^Test zugestellt: HTTP 200 in \d+ ms$/;
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: delivered })).toBeVisible();
    await expect(row.getByText(delivered)).toBeVisible();
    const pings = receiver.received.filter((arrival) => arrival.json.event === "ping");
    expect(pings).toHaveLength(1);
    expect(pings[0]!.valid).toBe(true);
    expect(pings[0]!.json.data.message).toBe("Test von Schichtwerk");

    // A shift made through the API arrives, signed, and stands in the log as "Zugestellt" with its body.
    const shift = await createShift(request, "2042-05-06");
    await expect
      .poll(() => receiver.received.find((arrival) => arrival.json.data?.id === shift.id)?.valid, {
        timeout: 30_000,
      })
      .toBe(true);
    const logButton = row.getByRole("button", { name: `Protokoll von «${name}»` });
    await logButton.click();
    const log = page.getByRole("dialog", { name: `Protokoll von «${name}»` });
    const entries = log.getByRole("list", { name: "Zustellungen" }).getByRole("listitem");
    await expect(entries).toHaveCount(2);
    const created = entries.first();
    await expect(created).toContainText("Schicht angelegt");
    await expect(created).toContainText("Zugestellt");
    await expect(created).toContainText(/\d\d\.\d\d\.\d{4} \d\d:\d\d:\d\d/);
    await expect(created).toContainText(/1 Versuch · HTTP 200 · \d+ ms/);
    await expect(entries.nth(1)).toContainText("Test");
    await created.getByText("Inhalt anzeigen").click();
    const body = created.getByRole("region", { name: "Inhalt der Meldung" });
    await expect(body).toContainText('"event": "shift.created"');
    await expect(body).toContainText(`"id": ${shift.id},`);
    await expectAccessible(page, "delivery log");
    await reviewShots(page, "webhooks-log");
    await page.keyboard.press("Escape");
    await expect(log).toHaveCount(0);
    await expect(logButton).toBeFocused();
    await page.reload();
    await expect(row).toContainText(/Zuletzt erfolgreich: \d\d\.\d\d\.\d{4} \d\d:\d\d/);

    // Off and on again.
    await row.getByRole("button", { name: `Webhook «${name}» ausschalten` }).click();
    await expect(toast(page, "Webhook ausgeschaltet!")).toBeVisible();
    await expect(row).toContainText("Ausgeschaltet");
    const on = row.getByRole("button", { name: `Webhook «${name}» einschalten` });
    await expect(on).toBeFocused();
    await on.click();
    await expect(toast(page, "Webhook eingeschaltet!")).toBeVisible();
    await expect(row).toContainText("Aktiv");

    // A new secret: shown once; the receiver's next ping is signed with it.
    const editButton = row.getByRole("button", { name: `Webhook «${name}» bearbeiten` });
    await editButton.click();
    const edit = page.getByRole("dialog", { name: `Webhook «${name}» bearbeiten` });
    await expect(edit.getByLabel("Adresse (URL)")).toHaveValue(receiver.url);
    await edit.getByRole("checkbox", { name: /^Neuen Schlüssel erzeugen/ }).check();
    await edit.getByRole("button", { name: "Speichern" }).click();
    const rotated = page.getByRole("dialog", { name: `Neuer Schlüssel für «${name}»` });
    const newSecret = await rotated.getByLabel(`Signaturschlüssel für «${name}»`).inputValue();
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(secret);
    await rotated.getByRole("button", { name: "Kopieren" }).click();
    secret = newSecret;
    await rotated.getByRole("button", { name: "Fertig" }).click();
    await expect(editButton).toBeFocused();
    await row.getByRole("button", { name: `Test senden an «${name}»` }).click();
    await expect(row.getByText(delivered)).toBeVisible();
    expect(receiver.received.at(-1)!.valid).toBe(true);

    // Deleted through the confirmation.
    await row.getByRole("button", { name: `Webhook «${name}» löschen` }).click();
    const confirm = page.getByRole("dialog", { name: `Webhook «${name}» löschen?` });
    await expect(confirm.getByRole("button", { name: "Abbrechen" })).toBeFocused();
    await confirm.getByRole("button", { name: "Löschen" }).click();
    await expect(toast(page, "Webhook gelöscht!")).toBeVisible();
    await expect(section(page)).toContainText("Noch keine Webhooks.");
    await expect(add).toBeFocused();
  } finally {
    await deleteAllHooks(request);
    await receiver.close();
  }
});

test("phone (390 px): a failing, a switched-off and a disabled hook as cards; the dialog a sheet; the log", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const good = await startReceiver(() => undefined);
  // A receiver that is gone: its port refuses the connection.
  const gone = await startReceiver(() => undefined);
  await gone.close();
  try {
    const headers = await adminHeaders(request);
    const register = async (data: Record<string, unknown>) => {
      const res = await request.post("/api/webhooks", { headers, data });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()) as Hook;
    };
    const failing = await register({ name: unique("Lohn"), url: gone.url, events: ["shift.created"] });
    const off = await register({ name: null, url: good.url, events: ["vacation.requested", "vacation.approved"] });
    const disabled = await register({
      name: unique("Alte Kasse"),
      url: good.url,
      events: ["shift.created", "shift.updated", "shift.deleted", "schedule.published", "timesheet.approved"],
    });
    for (const hook of [off, disabled]) {
      const { secret: _secret, ...rest } = hook;
      const res = await request.put(`/api/webhooks/${hook.id}`, {
        headers,
        data: { name: rest.name, url: rest.url, events: rest.events, active: false },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    // The failing hook fails for real: a shift's delivery is refused and waits for its next try.
    await createShift(request, "2042-06-03");
    await expect
      .poll(async () => {
        const hooks = (await (await request.get("/api/webhooks", { headers })).json()) as Hook[];
        return hooks.find((hook) => hook.id === failing.id) as unknown as { failing_since: string | null };
      })
      .toMatchObject({ failing_since: expect.any(String) });
    // Switched off after 24 h of failures (the vitest tests drive that clock): drawn from its answer's fields.
    await page.route("**/api/webhooks", async (route) => {
      if (route.request().method() !== "GET") return route.fallback();
      const answer = await route.fetch();
      const hooks = (await answer.json()) as (Hook & Record<string, unknown>)[];
      const day = new Date(Date.now() - 60 * 60_000).toISOString();
      await route.fulfill({
        response: answer,
        json: hooks.map((hook) =>
          hook.id === disabled.id ? { ...hook, disabled_at: day, failing_since: day, last_success_at: null } : hook,
        ),
      });
    });

    const admin = await createAccount(request, "admin", "hook-phone");
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, admin, "/integrations");
    const failingCard = card(page, failing.name!);
    await expect(failingCard).toContainText(/Fehler seit \d\d\.\d\d\.\d{4} \d\d:\d\d/);
    await expect(card(page, disabled.name!)).toContainText(
      /Ausgeschaltet nach 24 Stunden Fehlern am \d\d\.\d\d\.\d{4} \d\d:\d\d\. Nach der Behebung wieder einschalten/,
    );
    const offCard = section(page)
      .getByRole("listitem")
      .filter({ has: page.getByRole("button", { name: `Webhook «${new URL(good.url).host}» einschalten` }) });
    await expect(offCard).toContainText("Ausgeschaltet");
    await expect(offCard.getByRole("list", { name: "Ereignisse" }).getByRole("listitem")).toHaveText([
      "Ferien beantragt",
      "Ferien genehmigt",
    ]);
    const box = (await failingCard.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    for (const button of await failingCard.getByRole("button").all())
      expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await expectAccessible(page, "webhook list with failing and disabled hooks");
    await reviewShots(page, "webhooks-list-states");

    // The dialog is a full-width sheet; "Alle auswählen" checks every event.
    await section(page).getByRole("button", { name: "Webhook hinzufügen" }).click();
    const dialog = page.getByRole("dialog", { name: "Webhook hinzufügen" });
    expect((await dialog.boundingBox())!.width).toBe(390);
    const all = dialog.getByRole("checkbox", { name: "Alle auswählen" });
    await dialog.getByRole("checkbox", { name: /^Ferien beantragt/ }).check();
    expect(await all.evaluate((box: HTMLInputElement) => box.indeterminate)).toBe(true);
    await all.check();
    await expect(dialog.getByRole("checkbox", { checked: true })).toHaveCount(12);
    await all.uncheck();
    await expect(dialog.getByRole("checkbox", { checked: true })).toHaveCount(0);
    await dialog.getByRole("button", { name: "Abbrechen" }).click();

    // The failing hook's log: the refused delivery waits for its next try, with the reason; its body opens.
    await failingCard.getByRole("button", { name: `Protokoll von «${failing.name}»` }).click();
    const log = page.getByRole("dialog", { name: `Protokoll von «${failing.name}»` });
    expect((await log.boundingBox())!.width).toBe(390);
    const entry = log.getByRole("list", { name: "Zustellungen" }).getByRole("listitem").first();
    await expect(entry).toContainText("Wird wiederholt");
    await expect(entry).toContainText(/Nächster Versuch: \d\d\.\d\d\.\d{4} \d\d:\d\d:\d\d/);
    await expect(entry).toContainText("Verbindung abgelehnt");
    await entry.getByText("Inhalt anzeigen").click();
    await expect(entry.getByRole("region", { name: "Inhalt der Meldung" })).toContainText('"event": "shift.created"');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await reviewShots(page, "webhooks-log-failing");
  } finally {
    await deleteAllHooks(request);
    await good.close();
  }
});
