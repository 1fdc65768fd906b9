// Runs in the browser before the app's code (Next's client instrumentation).
//
// zod 4 probes for `new Function` when it builds an object schema (for a faster parser). The Content-Security-Policy
// allows no eval (docs/PRODUCT-RULES.md §29.2), so the probe fails anyway, but the browser reports each attempt as a
// CSP violation. zod's `jitless` setting skips the probe; parsing is the same. Set through the global zod reads its
// settings from, so no zod code joins every page's start-up bundle (e2e/ui/csp.spec.ts fails on the violation).
type ZodGlobal = { __zod_globalConfig?: Record<string, unknown> };
const zodGlobal = globalThis as ZodGlobal;
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };
