import { createContext } from "react";

/**
 * The shown week's shifts whose draft staff do not see yet (docs/PRODUCT-RULES.md §33.3), for the planner's chips to
 * mark; null for those who do not plan or while publishing is off.
 */
export const UnpublishedShiftsContext = createContext<ReadonlySet<number> | null>(null);
