import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { screenLoaded, signIn } from "./support";

// The Content-Security-Policy allows inline scripts only by the hashes the build computed for each page
// (docs/PRODUCT-RULES.md §29.2, scripts/lib/csp-hashes.mjs): every page must run all of its own, and a script
// injected into a page must not run.

/** Every page, with its title: its content shows only once the page's scripts ran. */
const SIGNED_IN_PAGES = [
  { path: "/", title: "Dashboard" },
  { path: "/me", title: "Meine Schichten" },
  { path: "/schedule", title: "Wochenplanung" },
  { path: "/employees", title: "Mitarbeiter" },
  { path: "/locations", title: "Standorte" },
  { path: "/users", title: "Benutzer" },
  { path: "/vacations", title: "Ferien" },
  { path: "/week-templates", title: "Wochenvorlagen" },
  { path: "/time", title: "Zeiterfassung" },
  { path: "/reports", title: "Berichte" },
  { path: "/history", title: "Verlauf" },
  { path: "/settings", title: "Betrieb" },
  { path: "/integrations", title: "Integrationen" },
  { path: "/profile", title: "Einstellungen & 2FA" },
  { path: "/notifications", title: "Mitteilungen" },
];

/** A violation: the directive, what it blocked ("inline", "eval" or an address), and where (file:line page). */
type Violation = { directive: string; blocked: string; source: string };

/**
 * Collects the page's CSP violations (the `securitypolicyviolation` event, reported to the test from an init
 * script, which the policy does not govern) and the console's CSP errors, across navigations.
 */
async function watchCsp(page: Page) {
  const violations: Violation[] = [];
  const consoleErrors: string[] = [];
  await page.exposeFunction("__reportCspViolation", (violation: Violation) => violations.push(violation));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __reportCspViolation: (v: Violation) => void }).__reportCspViolation;
      report({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber} ${location.pathname}`,
      });
    });
  });
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) {
      consoleErrors.push(message.text());
    }
  });
  return { violations, consoleErrors };
}

test("every page runs under the policy without a single CSP violation", async ({ page }) => {
  const { violations, consoleErrors } = await watchCsp(page);

  await page.goto("/login");
  await expect(page).toHaveTitle("Anmelden · Schichtwerk");
  // The button turns on with the typed fields: React runs.
  await page.getByLabel("Benutzername").fill("jemand");
  await page.getByLabel("Passwort").fill("etwas");
  await expect(page.getByRole("button", { name: "Anmelden" })).toBeEnabled();

  await page.goto("/api-docs");
  await expect(page).toHaveTitle("API reference · Schichtwerk");
  await expect(page.locator("h1")).toBeVisible();

  const notFound = await page.goto("/gibt-es-nicht");
  expect(notFound?.status()).toBe(404);
  await expect(page.locator("body")).toContainText("404");

  await signIn(page, E2E_ADMIN, "/");
  for (const { path, title } of SIGNED_IN_PAGES) {
    await page.goto(path);
    await screenLoaded(page);
    await expect(page, path).toHaveTitle(`${title} · Schichtwerk`);
    // Shown once the app has checked the session: the page's scripts and the early requests ran.
    await expect(page.getByRole("button", { name: "Abmelden" }), path).toBeVisible();
    expect(new URL(page.url()).pathname, path).toBe(path);
  }

  expect(violations).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test("a script injected into a page is blocked; the page's own scripts still run", async ({ page }) => {
  const { violations } = await watchCsp(page);
  let policy = "";
  // The real answer of the server, its headers kept, with one more inline script in the head.
  const inject = async (keepPolicy: boolean) => {
    await page.unroute("**/login");
    await page.route("**/login", async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      policy = headers["content-security-policy"] ?? "";
      delete headers["content-length"];
      delete headers["content-encoding"];
      if (!keepPolicy) delete headers["content-security-policy"];
      const body = (await response.text()).replace("</head>", "<script>window.__injected=1</script></head>");
      await route.fulfill({ response, headers, body });
    });
  };
  const injectedRan = () => page.evaluate(() => (window as unknown as { __injected?: number }).__injected === 1);

  // Without the policy the injection runs: the test can tell a blocked script from one that never was there.
  await inject(false);
  await page.goto("/login");
  expect(await injectedRan()).toBe(true);

  await inject(true);
  await page.goto("/login");
  expect(policy).toContain("script-src 'self' 'sha256-");
  expect(await injectedRan()).toBe(false);
  expect(violations).toHaveLength(1);
  expect(violations[0]).toMatchObject({ directive: "script-src-elem", blocked: "inline" });
  await page.getByLabel("Benutzername").fill("jemand");
  await page.getByLabel("Passwort").fill("etwas");
  await expect(page.getByRole("button", { name: "Anmelden" })).toBeEnabled();
});
