// Types for lib/server/background-thread.mjs (plain ESM, also loaded unbundled by the password worker).
export const BACKGROUND_NICE: number;
export function lowerThisThreadsPriority(nice?: number): number | null;
