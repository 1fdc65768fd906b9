/**
 * The planner's address (docs/PRODUCT-RULES.md §27.4): `/schedule?week=YYYY-MM-DD&view=employees`. The week is read
 * by plannerWeek (lib/client/planner-week.ts, which the page head's early requests copy); the view is read here. The
 * view by location is the default and is not written, so `?week=…` alone keeps naming it.
 */

export type PlannerView = "locations" | "employees";

/** The view the address names, or null when it names none (or something else). */
export function addressView(search: string): PlannerView | null {
  const view = new URLSearchParams(search).get("view");
  return view === "employees" || view === "locations" ? view : null;
}

/**
 * The address's search part with the week (when given) and the view set, every other parameter kept: "?week=…",
 * "?week=…&view=employees", or "?view=employees" for an address that names no week. A week given replaces a
 * message's `?date=` (docs/PRODUCT-RULES.md §35.7), which named the same week.
 */
export function plannerSearch(search: string, change: { week?: string; view: PlannerView }): string {
  const params = new URLSearchParams(search);
  if (change.week !== undefined) {
    params.set("week", change.week);
    params.delete("date");
  }
  if (change.view === "employees") params.set("view", "employees");
  else params.delete("view");
  const text = params.toString();
  return text === "" ? "" : `?${text}`;
}
