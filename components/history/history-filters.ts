import type { AuditKind } from "@/lib/shared/audit-kinds";
import { isDateInWindow } from "@/lib/shared/dates";

/** The history's filters, kept in the address (`?person=&kind=&from=&to=`) so a link shows the same list. */
export type HistoryFilters = { person: string; kind: AuditKind | ""; from: string; to: string };

/** The filters an address names; a kind the role may not see (or that does not exist) is dropped. */
export function filtersFromQuery(query: URLSearchParams, kinds: readonly AuditKind[]): HistoryFilters {
  const person = query.get("person") ?? "";
  const kind = query.get("kind") ?? "";
  const from = query.get("from") ?? "";
  const to = query.get("to") ?? "";
  return {
    person: /^\d{1,10}$/.test(person) ? person : "",
    kind: (kinds as readonly string[]).includes(kind) ? (kind as AuditKind) : "",
    // Dates the API takes only (docs/PRODUCT-RULES.md §30.1): another one in an old link is dropped, not refused.
    from: isDateInWindow(from) ? from : "",
    to: isDateInWindow(to) ? to : "",
  };
}

/** The query of GET /api/audit for these filters (without cursor). */
export function auditQuery({ person, kind, from, to }: HistoryFilters): URLSearchParams {
  const query = new URLSearchParams();
  if (person) query.set("user_id", person);
  if (kind) query.set("kind", kind);
  if (from) query.set("from", from);
  // A "to" before "from" would be refused: the list then ends at "from"'s day.
  if (to) query.set("to", from && to < from ? from : to);
  return query;
}

/** Writes the filters into the address bar (replaceState: filtering is not a step back). */
export function showFiltersInAddress(filters: HistoryFilters) {
  const url = new URL(window.location.href);
  const keys = ["person", "kind", "from", "to"] as const;
  for (const key of keys) {
    if (filters[key]) url.searchParams.set(key, filters[key]);
    else url.searchParams.delete(key);
  }
  window.history.replaceState(null, "", url);
}
