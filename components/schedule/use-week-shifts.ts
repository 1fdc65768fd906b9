"use client";
import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { api } from "@/lib/client/api";
import { notify } from "@/lib/client/notify";
import type { ShiftDto } from "@/lib/shared/api-types";
import { addDays } from "@/lib/shared/dates";

/**
 * The shifts of the displayed week. Weeks already seen are kept, so going
 * back and forth shows them at once while they are refreshed; a week not
 * seen yet keeps the previous one on screen until it has arrived (UX.md:
 * no spinner that blanks the grid).
 */
export function useWeekShifts(weekStart: string) {
  const cache = useRef(new Map<string, ShiftDto[]>());
  const [shown, setShown] = useState<{ weekStart: string; shifts: ShiftDto[] } | null>(null);
  const [loadingWeek, setLoadingWeek] = useState<string | null>(null);
  const latest = useRef(weekStart);

  const load = useCallback(async (week: string) => {
    latest.current = week;
    const cached = cache.current.get(week);
    setLoadingWeek(week);
    if (cached) setShown({ weekStart: week, shifts: cached });
    try {
      const shifts = await api.get<ShiftDto[]>(`/shifts?start_date=${week}&end_date=${addDays(week, 6)}`);
      cache.current.set(week, shifts);
      // A transition, like useResource's: the grid renders in slices, not one long task.
      if (latest.current === week) {
        startTransition(() => {
          setShown({ weekStart: week, shifts });
          setLoadingWeek(null);
        });
      }
    } catch {
      if (latest.current === week) {
        notify.error("Fehler beim Laden der Daten");
        setLoadingWeek(null);
      }
    }
  }, []);

  useEffect(() => {
    // Loading is the effect's job here: it fetches from the API for the week shown.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load(weekStart);
  }, [weekStart, load]);

  const reload = useCallback(() => load(latest.current), [load]);
  return { shifts: shown?.shifts, shownWeek: shown?.weekStart ?? null, loading: loadingWeek !== null, reload };
}
