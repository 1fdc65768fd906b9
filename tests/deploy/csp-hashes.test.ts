import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  addCspHashes,
  headerRulesWithHashes,
  inlineScriptHashes,
  pageScriptHashes,
  SCRIPT_SRC_SELF,
  withScriptHashes,
} from "../../scripts/lib/csp-hashes.mjs";
import { securityHeaders } from "../../next.config";

// scripts/lib/csp-hashes.mjs on a miniature .next after `next build` (docs/PRODUCT-RULES.md §29.2).

// sha256("alert(1)") and sha256("go()"), base64: computed once with `openssl dgst -sha256 -binary | base64`.
const ALERT = "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='";
const POLICY = "default-src 'self'; script-src 'self'; object-src 'none'";

const page = (...scripts: string[]) => `<html><head>${scripts.join("")}</head><body>x</body></html>`;

test("production policy: script-src 'self' alone, never 'unsafe-inline' or 'unsafe-eval'", () => {
  const csp = securityHeaders.find((header) => header.key === "Content-Security-Policy")?.value ?? "";
  const scriptSrc = csp.split("; ").find((directive) => directive.startsWith("script-src"));
  expect(scriptSrc).toBe(SCRIPT_SRC_SELF);
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
});

describe("inlineScriptHashes", () => {
  test("the SHA-256 of each inline script's text as written, once each; scripts with src left out", () => {
    const html = page(
      "<script>alert(1)</script>",
      '<script src="/_next/static/chunks/a.js" async=""></script>',
      '<script id="_R_">go()</script>',
      "<script>alert(1)</script>",
      "<SCRIPT type='text/javascript' data-x=\"a>b\">go()</script >",
    );
    const hashes = inlineScriptHashes(html);
    expect(hashes).toHaveLength(2);
    expect(hashes[0]).toBe(ALERT);
    expect(hashes[1]).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    expect(inlineScriptHashes(page("<script>alert(1) </script>"))).not.toContain(ALERT);
  });

  test("no inline script, no hash", () => {
    expect(inlineScriptHashes(page('<script src="/a.js"></script>'))).toEqual([]);
  });
});

describe("on a built .next", () => {
  let dist: string;
  const write = (relative: string, text: string) => {
    mkdirSync(path.dirname(path.join(dist, relative)), { recursive: true });
    writeFileSync(path.join(dist, relative), text);
  };
  const catchAll = {
    source: "/:path*",
    headers: [
      { key: "Content-Security-Policy", value: POLICY },
      { key: "X-Content-Type-Options", value: "nosniff" },
    ],
    regex: "^(?:/((?:[^/]+?)(?:/(?:[^/]+?))*))?(?:/)?$",
  };
  const hsts = {
    source: "/:path*",
    has: [{ type: "header", key: "x-forwarded-proto", value: "https(,.*)?" }],
    headers: [{ key: "Strict-Transport-Security", value: "max-age=31536000" }],
  };
  const manifest = (file: string) => JSON.parse(readFileSync(path.join(dist, file), "utf8"));

  beforeEach(() => {
    dist = mkdtempSync(path.join(os.tmpdir(), "csp-hashes-"));
    const routes = ["/", "/login", "/_not-found", "/_global-error", "/icon.svg"];
    write("prerender-manifest.json", JSON.stringify({ routes: Object.fromEntries(routes.map((r) => [r, {}])) }));
    write(
      "app-path-routes-manifest.json",
      JSON.stringify({
        "/(app)/page": "/",
        "/(auth)/login/page": "/login",
        "/_not-found/page": "/_not-found",
        "/_global-error/page": "/_global-error",
        "/icon.svg/route": "/icon.svg",
        "/api/health/route": "/api/health",
      }),
    );
    write("server/app/index.html", page("<script>index()</script>", "<script>shared()</script>"));
    write("server/app/login.html", page("<script>login()</script>", "<script>shared()</script>"));
    write("server/app/_not-found.html", page("<script>notFound()</script>", "<script>shared()</script>"));
    write("server/app/_global-error.html", page("<script>globalError()</script>"));
    for (const dir of ["", "standalone/.next/"]) {
      write(`${dir}routes-manifest.json`, JSON.stringify({ version: 3, headers: [catchAll, hsts] }));
    }
  });
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  const hashOf = (script: string) => inlineScriptHashes(`<script>${script}</script>`)[0];
  const scriptSrcOf = (rule: { headers: { key: string; value: string }[] }) =>
    rule.headers[0].value.split("; ").find((directive) => directive.startsWith("script-src"));

  test("the hashes of every prerendered page by route; the icon has no HTML", () => {
    const pages = pageScriptHashes(dist);
    expect([...pages.keys()]).toEqual(["/", "/_global-error", "/_not-found", "/login"]);
    expect(pages.get("/login")).toEqual([hashOf("login()"), hashOf("shared()")]);
  });

  test("a page that is not prerendered fails the build: its scripts are unknown until a request", () => {
    write(
      "app-path-routes-manifest.json",
      JSON.stringify({ "/(app)/page": "/", "/(app)/reports/page": "/reports", "/_not-found/page": "/_not-found" }),
    );
    expect(() => pageScriptHashes(dist)).toThrow("the page /reports is not prerendered");
  });

  test("catch-all: the error pages' hashes; each page: its own and the error pages'; other rules kept", () => {
    addCspHashes(dist);
    for (const file of ["routes-manifest.json", "standalone/.next/routes-manifest.json"]) {
      const { headers } = manifest(file);
      expect(headers.map((rule: { source: string }) => rule.source)).toEqual(["/:path*", "/", "/login", "/:path*"]);
      const errors = [hashOf("notFound()"), hashOf("shared()"), hashOf("globalError()")];
      expect(scriptSrcOf(headers[0])).toBe(`script-src 'self' ${errors.join(" ")}`);
      expect(headers[0].headers[1]).toEqual({ key: "X-Content-Type-Options", value: "nosniff" });
      expect(headers[0].regex).toBe(catchAll.regex);
      const login = [hashOf("login()"), hashOf("shared()"), hashOf("notFound()"), hashOf("globalError()")];
      expect(scriptSrcOf(headers[2])).toBe(`script-src 'self' ${login.join(" ")}`);
      expect(headers[2].headers).toHaveLength(1);
      expect(headers[2].headers[0].value).toContain("object-src 'none'");
      expect(headers[3]).toEqual(hsts);
    }
  });

  test("running the step twice gives the same manifest", () => {
    addCspHashes(dist);
    const once = readFileSync(path.join(dist, "routes-manifest.json"), "utf8");
    addCspHashes(dist);
    expect(readFileSync(path.join(dist, "routes-manifest.json"), "utf8")).toBe(once);
  });

  test("a policy that allows inline scripts otherwise is refused, not extended", () => {
    const loose = {
      ...catchAll,
      headers: [
        {
          key: "Content-Security-Policy",
          value: POLICY.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'"),
        },
      ],
    };
    expect(() => headerRulesWithHashes([loose], new Map([["/", [ALERT]]]))).toThrow("expected \"script-src 'self'\"");
    expect(() => withScriptHashes("default-src 'self'", [ALERT])).toThrow();
  });
});
