"use client";
import { useEffect, useRef } from "react";

/** The planner's phone layout (as EmployeePanel's): below Tailwind's `sm`. */
const PHONE = "(max-width: 639.98px)";

/**
 * Scrolls the week's grid sideways so today's column stands fully visible right of the sticky first column
 * (docs/PRODUCT-RULES.md §31.4); with `intoView` the page also scrolls down to the grid, below the sticky app bar.
 * Answers false while the grid with today's column is not on screen yet.
 */
export function scrollToToday(intoView: boolean): boolean {
  const header = document.querySelector<HTMLElement>('[role="region"] th[aria-current="date"]');
  const frame = header?.closest<HTMLElement>('[role="region"]');
  if (!header || !frame) return false;
  const sticky = header.parentElement?.querySelector<HTMLElement>("th.sticky");
  const stickyRight = sticky ? sticky.getBoundingClientRect().right : frame.getBoundingClientRect().left;
  frame.scrollLeft += header.getBoundingClientRect().left - stickyRight;
  if (intoView) {
    const appBar = document.querySelector<HTMLElement>("body header.sticky");
    const top = appBar && getComputedStyle(appBar).display !== "none" ? appBar.getBoundingClientRect().height : 0;
    window.scrollBy({ top: frame.getBoundingClientRect().top - top - 8 });
  }
  return true;
}

/**
 * On a phone the planner opens on today, and each "Heute" (`asked` counts them) shows today again: sideways on
 * opening, sideways and down to the grid after "Heute". `currentWeekShown` is true once the week with today is
 * drawn. The desktop shows the whole week and is left as it is.
 */
export function TodayOnPhone({ asked, currentWeekShown }: { asked: number; currentWeekShown: boolean }) {
  const done = useRef(0);
  useEffect(() => {
    if (!currentWeekShown || done.current === asked) return;
    done.current = asked;
    if (!window.matchMedia(PHONE).matches) return;
    // The grid may draw a frame after the data: try on the next frames until it is there.
    let frames = 0;
    let handle = 0;
    const attempt = () => {
      if (scrollToToday(asked > 1) || ++frames > 30) return;
      handle = requestAnimationFrame(attempt);
    };
    handle = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(handle);
  }, [asked, currentWeekShown]);
  return null;
}
