/** The planning rules (docs/PRODUCT-RULES.md §24): one import for the server and the browser. */
export { minimumBreak, requiredBreak } from "./breaks";
export { blockingFinding, findingsForShift, findingsInRange, openedReason } from "./findings";
export { datedShiftHours, shiftInterval, shiftSpanMinutes, wallTimeExists } from "./time";
export { RULES_WINDOW_DAYS, windowFor } from "./window";
export * from "./types";
