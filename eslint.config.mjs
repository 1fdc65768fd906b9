import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

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
