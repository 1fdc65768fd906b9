"use client";
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from "react";
import { afterNextPaint } from "@/lib/client/after-next-paint";
import { api, errorMessage } from "@/lib/client/api";
import { notify } from "@/lib/client/notify";
import { announceChange } from "@/lib/client/undo";
import type { Resource } from "@/lib/client/use-resource";
import type { EmployeeDto, LocationDto, ScheduleWeekDto } from "@/lib/shared/api-types";
import {
  changesSomething,
  foreignLocationRefusal,
  movedInput,
  moveMessage,
  optimisticShift,
  pendingAfter,
  savedToast,
  shiftsShown,
  type MoveStage,
  type PendingMoves,
  type PlanMove,
} from "./planner-moves";

let temporaryIds = 0;

/** What the success toast of a move says, with the saved shift's warnings as the shift dialog's toast has them. */
function movedToast(move: PlanMove, warnings: { message: string }[]): string {
  return warnings.length === 0 ? moveMessage(move) : savedToast(`${moveMessage(move)}.`, warnings);
}

/**
 * The planner's one optimistic write (docs/PRODUCT-RULES.md §27.2, docs/ARCHITECTURE.md §7.2): `move` carries out a
 * drop or the menu's choice — refused at once when it gives the shift to someone outside their Einsatzorte
 * (§28.1), else shown at once, saved, replaced by the server's answer or put back with the server's text, and the
 * week reloaded. `shifts`: the loaded week's shifts with the moves not yet reloaded. `move` is stable, so the
 * grid's memoised cells do not re-render for a new one.
 */
export function useOptimisticMoves(
  week: Resource<ScheduleWeekDto>,
  employees: EmployeeDto[] | undefined,
  locations: LocationDto[] | undefined,
) {
  const [pending, setPending] = useState<PendingMoves<ScheduleWeekDto>>(null);
  const shifts = useMemo(() => shiftsShown(pending, week.data, week.data?.shifts ?? []), [pending, week.data]);
  const latest = useRef({ week, employees: employees ?? [], locations: locations ?? [] });
  useLayoutEffect(() => {
    latest.current = { week, employees: employees ?? [], locations: locations ?? [] };
  });

  const move = useCallback(async (planMove: PlanMove) => {
    const { week: current, ...lookup } = latest.current;
    const base = current.data;
    if (!base || !changesSomething(planMove)) return;
    const refusal = foreignLocationRefusal(planMove, lookup);
    if (refusal) {
      notify.error(refusal);
      return;
    }
    const shown = optimisticShift(planMove, lookup, -++temporaryIds);
    const update = (stage: MoveStage) =>
      setPending((before) => pendingAfter(before, base, base.shifts, planMove, shown, stage));
    // Shown in the same render as the drop, not in a transition: a chip must never flash back to its old cell, and
    // the menu puts the focus on the moved chip right after, which must then be in its new cell.
    update({ stage: "shown" });
    try {
      // The chip in its new cell is painted before the request starts: the drop answers sooner (P13).
      await afterNextPaint();
      const body = movedInput(planMove);
      const answer =
        planMove.kind === "copy"
          ? await api.post("/shifts", body)
          : await api.put(`/shifts/${planMove.shift.id}`, body);
      const { warnings, change_id: changeId, ...saved } = answer;
      update({ stage: "saved", saved });
      // "Rückgängig" in the toast and Ctrl+Z undo the move like any plan write (§27.7).
      announceChange({ message: movedToast(planMove, warnings), changeId, onUndone: () => void current.reload() });
      void current.reload();
    } catch (error) {
      update({ stage: "refused" });
      notify.error(errorMessage(error, planMove.kind === "copy" ? "Fehler beim Kopieren" : "Fehler beim Verschieben"));
    }
  }, []);

  return { shifts, move };
}
