import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

/**
 * The layers may only depend downwards (docs/ARCHITECTURE.md, "Layers"). The import
 * plugin resolves every import, alias (`@/…`) or relative, to a file, so a rule
 * cannot be dodged by spelling the path differently; type-only imports count too.
 * tests/lint-rules.test.ts proves that each zone fires.
 */
const layerBoundaries = [
  {
    target: ["./components", "./app/(app)", "./app/(auth)"],
    from: "./lib/server",
    message: "Browser code must not import server code (lib/server); go through the API.",
  },
  {
    target: "./lib/server",
    from: "./components",
    message: "Server code must not import React UI (components/); PDF documents live in lib/server/reports/pdf.",
  },
  {
    target: "./lib/shared",
    from: ["./lib/server", "./lib/client", "./components"],
    message: "lib/shared runs on both sides: it may import neither lib/server, lib/client nor components/.",
  },
  {
    target: "./lib/client",
    from: "./lib/server",
    message: "Browser code (lib/client) must not import server code (lib/server).",
  },
];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      // `{ dropped: _unused, ...rest }` is how we leave a key out of an object.
      "@typescript-eslint/no-unused-vars": [
        "warn",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      "import/no-restricted-paths": ["error", { zones: layerBoundaries }],
      // Prettier wraps code at 120 (.prettierrc.json) but leaves long strings and
      // comments alone: this catches those, so no line is wider than the formatter's
      // (tests/lint-rules.test.ts).
      "max-len": ["error", { code: 120, tabWidth: 2 }],
    },
  },
  globalIgnores([
    ".next/**",
    "generated/**",
    ".data/**",
    ".data-*/**",
    "test-results/**",
    "playwright-report/**",
    "next-env.d.ts",
  ]),
]);
