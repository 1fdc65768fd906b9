import type { NextConfig } from "next";

const isDev = process.env.NODE_ENV === "development";

// PRODUCT.md §3. Next's App Router inlines small bootstrap scripts, hence
// 'unsafe-inline' for scripts; 'unsafe-eval' only for `next dev`'s tooling.
const contentSecurityPolicy = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${isDev ? " 'unsafe-eval'" : ""}`,
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
  serverExternalPackages: ["pg", "@prisma/adapter-pg", "highs"],
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

export default nextConfig;
