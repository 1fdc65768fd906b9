import { createRequire } from "node:module";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import nextConfig from "../../next.config";
import { leftOutPackagesTraced } from "../../scripts/lib/standalone.mjs";

// The standalone server (the container image's app) carries no sharp: the app optimises no images
// (docs/PRODUCT-RULES.md §29.2, next.config.ts).

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, "../..");
type IgnoreFn = (file: string) => boolean;
// Next's own file tracer and its ignore rule (next/dist/build/collect-build-traces.js), as `next build` uses them.
const { nodeFileTrace } = require("next/dist/compiled/@vercel/nft") as {
  nodeFileTrace: (files: string[], options: object) => Promise<{ fileList: Set<string> }>;
};
const { makeIgnoreFn } = require("next/dist/build/collect-build-traces.js") as {
  makeIgnoreFn: (root: string, globs: string[]) => IgnoreFn;
};
const picomatch = require("next/dist/compiled/picomatch") as (glob: string, options?: object) => IgnoreFn;

test("image optimisation is off: /_next/image never loads sharp", () => {
  expect(nextConfig.images?.unoptimized).toBe(true);
});

test("the server's file trace, with next.config's excludes, leaves sharp and @img out", async () => {
  // The excludes Next applies to its server trace: those whose key matches "next-server".
  const excludes = Object.entries(nextConfig.outputFileTracingExcludes ?? {})
    .filter(([key]) => picomatch(key)("next-server"))
    .flatMap(([, globs]) => globs);
  // The module that requires sharp, traced as `next build` traces the server: without the excludes, sharp's and
  // libvips' files are in the list.
  const optimizer = require.resolve("next/dist/server/image-optimizer.js");
  const trace = (globs: string[]) =>
    nodeFileTrace([optimizer], { base: root, processCwd: root, mixedModules: true, ignore: makeIgnoreFn(root, globs) });
  const sharp = (files: Set<string>) => [...files].filter((file) => /node_modules\/(sharp|@img)\//.test(file));
  expect(sharp((await trace([])).fileList).length).toBeGreaterThan(0);
  expect(sharp((await trace(excludes)).fileList)).toEqual([]);
}, 60_000);

let dist: string;
const write = (relative: string, text: string) => {
  mkdirSync(path.dirname(path.join(dist, relative)), { recursive: true });
  writeFileSync(path.join(dist, relative), text);
};
beforeEach(() => {
  dist = mkdtempSync(path.join(os.tmpdir(), "standalone-trace-"));
  write("next-server.js.nft.json", JSON.stringify({ version: 1, files: ["../node_modules/next/dist/server/x.js"] }));
  write("server/app/login/page.js.nft.json", JSON.stringify({ version: 1, files: ["../../../node_modules/pg/a.js"] }));
  write("standalone/node_modules/next/package.json", "{}");
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

test("the build's check: a clean trace passes; sharp in a trace or the standalone folder is named", () => {
  expect(leftOutPackagesTraced(dist)).toEqual([]);
  write(
    "next-server.js.nft.json",
    JSON.stringify({ version: 1, files: ["../node_modules/sharp/lib/index.js", "../node_modules/next/x.js"] }),
  );
  write("standalone/node_modules/@img/sharp-linux-x64/package.json", "{}");
  expect(leftOutPackagesTraced(dist)).toEqual([
    "next-server.js.nft.json: ../node_modules/sharp/lib/index.js",
    "standalone/node_modules/@img",
  ]);
});
