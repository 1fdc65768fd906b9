import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import {
  adminHeaders,
  apiLogin,
  createAccount,
  expectAccessible,
  reviewShots,
  screenLoaded,
  signIn,
  toast,
} from "./support";

// "Lohnabrechnung" on Betrieb (docs/PRODUCT-RULES.md §34.2, §34.6). The payroll settings and the labour rules are
// one for the whole app: this spec runs in ui-global (playwright.config.ts) and puts back what it found.

type Payroll = {
  labour_rules: "CH" | "DE" | "none";
  surcharges: { category: string; percent: number }[];
  wage_types: Record<string, string | null>;
  csv_headings: Record<string, string>;
  datev_consultant_number: string | null;
  datev_client_number: string | null;
};

async function readPayroll(request: APIRequestContext): Promise<Payroll> {
  const res = await request.get("/api/settings/payroll", { headers: await adminHeaders(request) });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

async function setLabourRules(request: APIRequestContext, labour_rules: Payroll["labour_rules"]) {
  const res = await request.put("/api/settings", { headers: await adminHeaders(request), data: { labour_rules } });
  expect(res.status(), await res.text()).toBe(200);
}

const percentOf = (payroll: Payroll, category: string) =>
  payroll.surcharges.find((surcharge) => surcharge.category === category)?.percent;

let found: { settings: { labour_rules: Payroll["labour_rules"]; weekly_max_hours: number }; payroll: Payroll };

test.beforeAll(async ({ request }) => {
  const settings = await (await request.get("/api/settings", { headers: await adminHeaders(request) })).json();
  // The Swiss rules (the app's default): three surcharges with their own labels.
  await setLabourRules(request, "CH");
  found = { settings, payroll: await readPayroll(request) };
});

test.afterAll(async ({ request }) => {
  const { payroll } = found;
  await setLabourRules(request, "CH");
  const res = await request.put("/api/settings/payroll", {
    headers: await adminHeaders(request),
    data: {
      surcharge_percents: Object.fromEntries(payroll.surcharges.map((s) => [s.category, s.percent])),
      wage_types: payroll.wage_types,
      csv_headings: payroll.csv_headings,
      datev_consultant_number: payroll.datev_consultant_number,
      datev_client_number: payroll.datev_client_number,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { labour_rules, weekly_max_hours } = found.settings;
  const back = await request.put("/api/settings", {
    headers: await adminHeaders(request),
    data: { labour_rules, weekly_max_hours },
  });
  expect(back.status(), await back.text()).toBe(200);
});

// A test may leave other rules behind (the first saves DE on the screen).
test.beforeEach(async ({ request }) => setLabourRules(request, "CH"));

const section = (page: Page) => page.getByRole("region", { name: "Lohnabrechnung" });

test("an admin sets a surcharge, wage types, DATEV's numbers and a CSV heading; all are kept", async ({
  page,
  request,
}) => {
  const admin = await createAccount(request, "admin", "lohn");
  const before = found.payroll;
  const percent = percentOf(before, "night") === 35 ? 36 : 35;
  const wageType = before.wage_types.night === "1310" ? "1311" : "1310";
  const loads: string[] = [];
  page.on("request", (sent) => {
    if (sent.method() === "GET" && sent.url().endsWith("/api/settings/payroll")) loads.push(sent.url());
  });
  await signIn(page, admin, "/settings");
  const payroll = section(page);
  await expect(payroll.getByRole("heading", { name: "Zuschläge" })).toBeVisible();
  expect(loads).toHaveLength(1);
  await expect(payroll.getByLabel("Sonntagsarbeit (Sa 23 – So 23 Uhr) (%)")).toHaveValue(
    String(percentOf(before, "sunday")),
  );
  // CH has no "Nachtarbeit 0–4 Uhr" (DE's § 3b Abs. 3): neither its percentage nor its wage type is offered.
  await expect(payroll.getByLabel(/Nachtarbeit 0–4 Uhr/)).toHaveCount(0);

  await payroll.getByLabel("Nachtarbeit 23–6 Uhr (%)").fill(String(percent));
  await payroll.getByLabel("Lohnart Nachtarbeit 23–6 Uhr").fill(wageType);
  await payroll.getByLabel("Lohnart Auszahlung Zeitkonto").fill("1900");
  await payroll.getByLabel("Beraternummer").fill("1234567");
  await payroll.getByLabel("Mandantennummer").fill("54321");
  await payroll.getByLabel("Spalte 6: Stunden").fill("Anzahl Stunden");
  await payroll.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page, "Lohneinstellungen gespeichert!")).toBeVisible();

  // Stored as typed …
  const stored = await readPayroll(request);
  expect(percentOf(stored, "night")).toBe(percent);
  expect(percentOf(stored, "sunday")).toBe(percentOf(before, "sunday"));
  expect(stored.wage_types).toMatchObject({ night: wageType, payout: "1900" });
  expect(stored.datev_consultant_number).toBe("1234567");
  expect(stored.datev_client_number).toBe("54321");
  expect(stored.csv_headings.hours).toBe("Anzahl Stunden");
  expect(stored.csv_headings.employee).toBe(before.csv_headings.employee);

  // … and shown so after a reload.
  await page.reload();
  await screenLoaded(page);
  await expect(payroll.getByLabel("Nachtarbeit 23–6 Uhr (%)")).toHaveValue(String(percent));
  await expect(payroll.getByLabel("Lohnart Nachtarbeit 23–6 Uhr")).toHaveValue(wageType);
  await expect(payroll.getByLabel("Lohnart Auszahlung Zeitkonto")).toHaveValue("1900");
  await expect(payroll.getByLabel("Beraternummer")).toHaveValue("1234567");
  await expect(payroll.getByLabel("Mandantennummer")).toHaveValue("54321");
  await expect(payroll.getByLabel("Spalte 6: Stunden")).toHaveValue("Anzahl Stunden");

  // A wage type emptied again is none.
  await payroll.getByLabel("Lohnart Auszahlung Zeitkonto").fill("");
  await payroll.getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page, "Lohneinstellungen gespeichert!")).toBeVisible();
  expect((await readPayroll(request)).wage_types.payout).toBeNull();

  await payroll.scrollIntoViewIfNeeded();
  await expectAccessible(page, "Lohnabrechnung");
  await reviewShots(page, "settings-payroll");

  // Other labour rules saved above: the section shows theirs at once (§34.1), DE's own category among them.
  await page.getByRole("combobox", { name: "Arbeitsrecht" }).selectOption({ label: "Deutschland – Arbeitszeitgesetz" });
  await page.getByRole("form", { name: "Firma und Planung" }).getByRole("button", { name: "Speichern" }).click();
  await expect(toast(page, "Einstellungen gespeichert!")).toBeVisible();
  await expect(payroll.getByLabel("Nachtarbeit 0–4 Uhr, vor 0 Uhr begonnen (%)")).toBeVisible();
  await expect(payroll.getByLabel("Lohnart Nachtarbeit 20–6 Uhr")).toHaveValue(wageType); // a wage type per category
  await expect(payroll.getByLabel("Sonntagsarbeit (Sa 23 – So 23 Uhr) (%)")).toHaveCount(0);
});

test("a bad wage type is named at its field and nothing is saved; so is the server's refusal", async ({
  page,
  request,
}) => {
  const admin = await createAccount(request, "admin", "lohn");
  const before = await readPayroll(request);
  const sunday = percentOf(before, "sunday") === 77 ? 78 : 77;
  await signIn(page, admin, "/settings");
  const payroll = section(page);
  const puts: string[] = [];
  page.on("request", (sent) => {
    if (sent.method() === "PUT" && sent.url().endsWith("/api/settings/payroll")) puts.push(sent.url());
  });

  const worked = payroll.getByLabel("Lohnart Arbeitsstunden");
  await payroll.getByLabel("Sonntagsarbeit (Sa 23 – So 23 Uhr) (%)").fill(String(sunday));
  await worked.fill("12345");
  await payroll.getByLabel("Beraternummer").fill("12");
  await payroll.getByRole("button", { name: "Speichern" }).click();
  await expect(worked).toHaveAttribute("aria-invalid", "true");
  await expect(payroll.locator("#payroll-wage-type-worked-error")).toHaveText(
    "Die Lohnart muss eine Zahl von 1 bis 9999 sein",
  );
  await expect(payroll.locator("#payroll-datev-consultant-error")).toHaveText(
    "Beraternummer: 4 bis 7 Ziffern, nicht mit 0 beginnend",
  );
  // Nothing sent, nothing changed; what was typed stays.
  expect(puts).toEqual([]);
  expect(await readPayroll(request)).toEqual(before);
  await expect(payroll.getByLabel("Sonntagsarbeit (Sa 23 – So 23 Uhr) (%)")).toHaveValue(String(sunday));
  await expectAccessible(page, "Lohnabrechnung with errors");
  await reviewShots(page, "settings-payroll-errors");

  // The labour rules changed elsewhere while this screen showed DE's surcharges: the server refuses the one CH lacks,
  // at its field, and keeps everything else as it was.
  await setLabourRules(request, "DE");
  await page.reload();
  await screenLoaded(page);
  const core = payroll.getByLabel("Nachtarbeit 0–4 Uhr, vor 0 Uhr begonnen (%)");
  await expect(core).toBeVisible();
  await setLabourRules(request, "CH");
  await core.fill("45");
  await payroll.getByRole("button", { name: "Speichern" }).click();
  await expect(payroll.locator("#payroll-percent-night_core-error")).toHaveText(
    "Nach dem Arbeitsrecht CH gibt es diesen Zuschlag nicht",
  );
  await expect(toast(page, "Nach dem Arbeitsrecht CH gibt es diesen Zuschlag nicht")).toBeVisible();
  await expect(core).toHaveValue("45");
  expect(puts).toHaveLength(1);
  expect(await readPayroll(request)).toEqual(before);
});

test("a manager sees no Lohnabrechnung and may not change it", async ({ page, request }) => {
  const manager = await createAccount(request, "manager", "lohn");
  const asked: string[] = [];
  page.on("request", (sent) => {
    if (sent.url().includes("/api/settings/payroll")) asked.push(sent.url());
  });
  await signIn(page, manager, "/settings");
  await expect(page.getByText("Nur Administratoren haben Zugriff auf diese Seite")).toBeVisible();
  await expect(section(page)).toHaveCount(0);
  await expect(page.getByLabel("Beraternummer")).toHaveCount(0);
  expect(asked).toEqual([]);
  // The server says the same: a manager reads the settings (the export needs them) but does not change them.
  const headers = { Authorization: `Bearer ${(await apiLogin(request, manager)).accessToken}` };
  const refused = await request.put("/api/settings/payroll", { headers, data: { datev_client_number: "1" } });
  expect(refused.status()).toBe(403);
});
