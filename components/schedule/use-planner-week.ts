"use client";
import { useCallback, useDeferredValue, useEffect, useLayoutEffect, useRef, useState } from "react";
import { api } from "@/lib/client/api";
import { plannerWeek } from "@/lib/client/planner-week";
import { today as todayInBrowser } from "@/lib/client/today";
import { useResource } from "@/lib/client/use-resource";
import { addDays, mondayOf } from "@/lib/shared/dates";
import { addressView, plannerSearch, type PlannerView } from "./planner-address";

const VIEW_KEY = "schedule-view";

/** The week the address names, else this week (docs/PRODUCT-RULES.md §27.4). */
const addressWeek = () => plannerWeek(window.location.search, todayInBrowser(), mondayOf);

/** The view this browser used last (docs/PRODUCT-RULES.md §27.4): for an address that names none. */
function storedView(): PlannerView {
  try {
    return localStorage.getItem(VIEW_KEY) === "employees" ? "employees" : "locations";
  } catch {
    return "locations";
  }
}

function storeView(view: PlannerView) {
  try {
    localStorage.setItem(VIEW_KEY, view);
  } catch {
    // Storage blocked (private mode): the address still holds the view.
  }
}

/**
 * The planner's week and view, both in the address (`?week=…&view=…`, docs/PRODUCT-RULES.md §27.4), and the week's
 * data. Going to another week or view pushes an address (not a navigation: the last week stays on screen until the
 * next is there), so reloading keeps both and the browser's back and forward go between them. An address without a
 * view takes the one this browser used last and is rewritten to name it, so that entry keeps it too. `onLeave` runs
 * whenever the week changes (the screen drops what belonged to the week shown).
 */
export function usePlannerWeek(onLeave: () => void) {
  const [weekStart, setWeekStart] = useState(addressWeek);
  const [view, setView] = useState<PlannerView>(() => addressView(window.location.search) ?? storedView());
  const leave = useRef(onLeave);
  useLayoutEffect(() => {
    leave.current = onLeave;
  });
  const current = useRef({ weekStart, view });
  useLayoutEffect(() => {
    current.current = { weekStart, view };
  });

  useEffect(() => {
    // The view came from storage, or a message's `?date=` named the week (docs/PRODUCT-RULES.md §35.7): the address
    // names them from now on (replaced, not a new history entry).
    const { search } = window.location;
    const { weekStart: shown, view: shownView } = current.current;
    const dated = new URLSearchParams(search).has("date");
    if (dated || (addressView(search) === null && shownView === "employees"))
      window.history.replaceState(
        null,
        "",
        plannerSearch(search, { week: dated ? shown : undefined, view: shownView }),
      );
    const onPopState = () => {
      setWeekStart(addressWeek());
      // An entry without a view was written in the view by location (the default goes unwritten).
      setView(addressView(window.location.search) ?? "locations");
      leave.current();
    };
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, []);

  const goToWeek = useCallback((monday: string) => {
    window.history.pushState(
      null,
      "",
      plannerSearch(window.location.search, { week: monday, view: current.current.view }),
    );
    setWeekStart(monday);
    leave.current();
  }, []);
  const changeView = useCallback((next: PlannerView) => {
    storeView(next);
    window.history.pushState(null, "", plannerSearch(window.location.search, { view: next }));
    setView(next);
  }, []);

  // The week is the key: weeks already seen show at once (and refresh), a new one keeps the last on screen. The key
  // follows the week a render later, in a transition (docs/PERFORMANCE.md, P13): the click paints the new heading at
  // once, and drawing a week already loaded — the whole grid — is left to a render that yields to the browser.
  const dataWeek = useDeferredValue(weekStart);
  const week = useResource(
    (signal) => api.get(`/schedule/week?start_date=${dataWeek}&end_date=${addDays(dataWeek, 6)}`, signal),
    "Fehler beim Laden der Daten",
    dataWeek,
  );
  return { weekStart, view, goToWeek, changeView, week };
}
