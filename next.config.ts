import { withSerwist } from "@serwist/turbopack";
import type { NextConfig } from "next";
import { SCRIPT_SRC_SELF } from "./scripts/lib/csp-hashes.mjs";

const isDev = process.env.NODE_ENV === "development";

// docs/PRODUCT-RULES.md §4.6, §29.2. In production `script-src` allows only scripts from our origin;
// scripts/lib/csp-hashes.mjs, run by scripts/build.mjs after `next build`, adds the SHA-256 of every inline script
// of every prerendered page (Next's bootstrap and RSC payload, the page head's early requests) to the header rules
// in .next/routes-manifest.json, one rule per page (docs/ARCHITECTURE.md §7.5). `next dev` renders per request and
// evaluates code: it keeps 'unsafe-inline' and 'unsafe-eval'.
const contentSecurityPolicy = [
  "default-src 'self'",
  isDev ? `${SCRIPT_SRC_SELF} 'unsafe-inline' 'unsafe-eval'` : SCRIPT_SRC_SELF,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join("; ");

export const securityHeaders = [
  { key: "Content-Security-Policy", value: contentSecurityPolicy },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "same-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
];

const nextConfig: NextConfig = {
  // A self-contained server (server.js plus only the node_modules it uses):
  // `npm start` and the container image both run it (scripts/start.mjs).
  output: "standalone",
  poweredByHeader: false,
  reactStrictMode: true,
  // The generated Prisma client and pg stay plain Node modules on the server; so does HiGHS, whose loader finds
  // its WebAssembly file beside itself (lib/server/auto-fill/auto-fill.worker.ts).
  serverExternalPackages: ["pg", "@prisma/adapter-pg", "highs", "graphile-worker", "nodemailer", "web-push"],
  // No image optimisation: the app shows no raster images but the 2FA QR code, a data: URL. With the optimizer
  // off, /_next/image answers 404 and never loads sharp, so the file tracer may leave sharp and its libvips
  // (about 19 MB) out of the standalone server (tests/deploy/standalone-trace.test.ts).
  images: { unoptimized: true },
  outputFileTracingExcludes: { "*": ["**/node_modules/sharp/**/*", "**/node_modules/@img/**/*"] },
  // Files read at run time by path, which the file tracer cannot see: the
  // bcrypt worker thread (lib/server/auth/password.ts) with the module it
  // imports, and the PDF fonts (lib/server/reports/pdf/fonts.ts). The
  // standalone server must carry them. The PDF worker needs no entry here:
  // Turbopack bundles it (lib/server/reports/pdf/render-pdf.ts).
  outputFileTracingIncludes: {
    "/api/**/*": [
      "./lib/server/auth/password-worker.mjs",
      "./lib/server/background-thread.mjs",
      "./node_modules/bcryptjs/**/*",
      "./node_modules/highs/build/**/*",
      "./assets/fonts/**/*",
    ],
  },
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      // The service worker (app/serwist/[path]/route.ts) is a static file to Next, sent as cacheable for a year: a
      // proxy keeping it would keep every phone on an old build. Browsers check it anew on every visit anyway.
      { source: "/serwist/:path*", headers: [{ key: "Cache-Control", value: "no-cache" }] },
      // HSTS only when a reverse proxy reports HTTPS (the first entry of
      // X-Forwarded-Proto is the client's side): over plain HTTP on a LAN it
      // would be ignored at best. The server itself never speaks HTTPS.
      // A rule here rather than in a proxy.ts: a proxy (middleware) runs as
      // extra code on every request, static files included.
      {
        source: "/:path*",
        has: [{ type: "header", key: "x-forwarded-proto", value: "https(,.*)?" }],
        headers: [{ key: "Strict-Transport-Security", value: "max-age=31536000; includeSubDomains" }],
      },
    ];
  },
};

// Serwist builds the service worker with esbuild at build time (app/serwist/[path]/route.ts): kept out of the bundle.
export default withSerwist(nextConfig);
