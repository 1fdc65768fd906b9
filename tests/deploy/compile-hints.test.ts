import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { addCompileHints, COMPILE_HINT, startupScripts } from "../../scripts/lib/compile-hints.mjs";

// A miniature .next after `next build`: the compile hint goes on the scripts
// pages load at start-up, nowhere else (scripts/lib/compile-hints.mjs).

let dist: string;
const write = (relative: string, text: string) => {
  mkdirSync(path.dirname(path.join(dist, relative)), { recursive: true });
  writeFileSync(path.join(dist, relative), text);
};
const read = (relative: string) => readFileSync(path.join(dist, relative), "utf8");

beforeEach(() => {
  dist = mkdtempSync(path.join(os.tmpdir(), "compile-hints-"));
  write(
    "build-manifest.json",
    JSON.stringify({
      polyfillFiles: ["static/chunks/polyfills.js"],
      rootMainFiles: ["static/chunks/runtime.js", "static/chunks/react-dom.js"],
    }),
  );
  write(
    "server/app/login.html",
    '<html><head><script src="/_next/static/chunks/runtime.js" async=""></script>' +
      '<script src="/_next/static/chunks/login-page.js" async=""></script>' +
      '<script src="/_next/static/chunks/polyfills.js" noModule=""></script></head></html>',
  );
  write("server/app/(app)/nested/page.html", '<script async src="/_next/static/chunks/planner-page.js"></script>');
  for (const name of ["runtime", "react-dom", "login-page", "planner-page", "polyfills", "loaded-later"]) {
    write(`static/chunks/${name}.js`, `(globalThis.TURBOPACK||[]).push(["${name}"]);`);
  }
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

test("start-up scripts: the root main files and every script tag of prerendered pages, no polyfills", () => {
  expect(startupScripts(dist)).toEqual([
    "static/chunks/login-page.js",
    "static/chunks/planner-page.js",
    "static/chunks/react-dom.js",
    "static/chunks/runtime.js",
  ]);
});

test(
  "the hint is the first line of each start-up script, once, however often the step runs; " +
    "other scripts stay as built",
  () => {
    addCompileHints(dist);
    addCompileHints(dist);
    for (const name of ["runtime", "react-dom", "login-page", "planner-page"]) {
      expect(read(`static/chunks/${name}.js`)).toBe(`${COMPILE_HINT}(globalThis.TURBOPACK||[]).push(["${name}"]);`);
    }
    for (const name of ["polyfills", "loaded-later"]) {
      expect(read(`static/chunks/${name}.js`)).toBe(`(globalThis.TURBOPACK||[]).push(["${name}"]);`);
    }
    expect(COMPILE_HINT).toBe("//# allFunctionsCalledOnLoad\n");
  },
);
