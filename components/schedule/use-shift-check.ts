"use client";
import { useEffect, useRef, useState } from "react";
import { api } from "@/lib/client/api";
import type { FindingDto } from "@/lib/shared/api-types";
import { shiftCheckSchema } from "@/lib/shared/schemas/shift";

/** Long enough that typing a time ("0", "08", "08:3", …) asks once, short enough to feel live. */
const DEBOUNCE_MS = 300;

export type ShiftCheckValues = {
  id?: number;
  employee_id: number | null;
  location_id: number | null;
  shift_date: string;
  start_time: string;
  end_time: string;
  break_minutes: number;
};

/**
 * The findings the shift would have (POST /shifts/check, docs/PRODUCT-RULES.md §25), asked while the dialog is
 * edited: after a pause in typing, only for an assigned shift whose fields the API would accept (anything else
 * has no findings to show yet). An older answer arriving late never replaces a newer one; a failed check shows
 * nothing (the save answers for itself).
 */
export function useShiftCheck(values: ShiftCheckValues): FindingDto[] {
  // The last answer and whom and which day it was about.
  const [answer, setAnswer] = useState<{ employeeId: number; date: string; findings: FindingDto[] }>();
  const latest = useRef(0);
  const { id, employee_id, location_id, shift_date, start_time, end_time, break_minutes } = values;
  const body = shiftCheckSchema.safeParse({
    id,
    employee_id,
    location_id: location_id ?? undefined,
    shift_date,
    start_time,
    end_time,
    break_minutes,
  });
  const checkable = employee_id !== null && body.success;

  useEffect(() => {
    const ask = ++latest.current;
    if (!checkable) return;
    const request = { id, employee_id, location_id, shift_date, start_time, end_time, break_minutes };
    const timer = setTimeout(() => {
      const keep = (findings: FindingDto[]) =>
        ask === latest.current && setAnswer({ employeeId: employee_id, date: shift_date, findings });
      api.post("/shifts/check", request).then(keep, () => keep([]));
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [checkable, id, employee_id, location_id, shift_date, start_time, end_time, break_minutes]);

  // While a changed time is being checked the last findings stay (no flicker); another person or day drops them.
  if (!checkable || !answer || answer.employeeId !== employee_id || answer.date !== shift_date) return [];
  return answer.findings;
}
