// GET /serwist/sw.js – the service worker of the installable app (docs/PRODUCT-RULES.md §33.8), built from
// service-worker/sw.ts with the list of the build's files to keep, once at build time (a static route), and served
// with `Service-Worker-Allowed: /` so that it controls every page.
import { randomUUID } from "node:crypto";
import { createSerwistRoute } from "@serwist/turbopack";

// A page's HTML is the same for everyone (its data is loaded by the page) and changes only with a build: the pages
// the phone must open offline are kept with the build's files, under a revision of this build.
const BUILD = randomUUID();

export const { dynamic, dynamicParams, revalidate, generateStaticParams, GET } = createSerwistRoute({
  swSrc: "service-worker/sw.ts",
  // The native esbuild of the dev tools (the default, esbuild-wasm, is not installed).
  useNativeEsbuild: true,
  // Hashed build files and the icons; not the source maps.
  globPatterns: [".next/static/**/*.{js,css,woff2}", "public/**/*.{png,svg}"],
  // The installed app's start (it sends a signed-in person on) and Meine Schichten.
  additionalPrecacheEntries: ["/login", "/me"].map((url) => ({ url, revision: BUILD })),
});
