// GET /serwist/sw.js – the service worker of the installable app (docs/PRODUCT-RULES.md §33.8), built from
// service-worker/sw.ts with the list of the build's files to keep, once at build time (a static route), and served
// with `Service-Worker-Allowed: /` so that it controls every page.
import { createSerwistRoute } from "@serwist/turbopack";

export const { dynamic, dynamicParams, revalidate, generateStaticParams, GET } = createSerwistRoute({
  swSrc: "service-worker/sw.ts",
  // The native esbuild of the dev tools (the default, esbuild-wasm, is not installed).
  useNativeEsbuild: true,
  // Hashed build files and the icons; not the source maps.
  globPatterns: [".next/static/**/*.{js,css,woff2}", "public/**/*.{png,svg}"],
});
