import { WEEKDAYS_SHORT } from "@/lib/shared/format";

const LONG = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"] as const;

/**
 * The week as the planner shows it, Monday first, with the API's
 * day_of_week: 0 = Sunday … 6 = Saturday (docs/PRODUCT-RULES.md §11). So Mo = 1, Sa = 6, So = 0.
 */
export const WEEK = WEEKDAYS_SHORT.map((short, index) => ({ short, long: LONG[index], dayOfWeek: (index + 1) % 7 }));

/** Position in the Monday-first week: Mo = 0 … So = 6. */
export const weekPosition = (dayOfWeek: number) => (dayOfWeek + 6) % 7;

export const weekdayShort = (dayOfWeek: number) => WEEK[weekPosition(dayOfWeek)].short;
