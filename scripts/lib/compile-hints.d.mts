// Types for scripts/lib/compile-hints.mjs (plain ESM, run by scripts/build.mjs).
export const COMPILE_HINT: string;
export function startupScripts(distDir: string): string[];
export function addCompileHints(distDir: string): string[];
