/**
 * Colours that carry a meaning, the same on screen and on paper (the planner,
 * the reports preview and the schedule PDF). Colour is never the only signal:
 * an open shift also says "Offen". See docs/PRODUCT-RULES.md, "Look".
 */

/** A new location's colour, and the app's accent. */
export const DEFAULT_LOCATION_COLOR = "#3B82F6";

/** The ten colours the location dialog offers. */
export const LOCATION_COLOR_PRESETS = [
  DEFAULT_LOCATION_COLOR,
  "#EF4444",
  "#10B981",
  "#F59E0B",
  "#8B5CF6",
  "#EC4899",
  "#06B6D4",
  "#84CC16",
  "#F97316",
  "#6366F1",
] as const;

/** An unassigned ("Offen") shift: amber background with a darker amber border. */
export const OPEN_SHIFT_COLORS = { background: "#FEF3C7", border: "#F59E0B" } as const;
