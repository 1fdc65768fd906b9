"use client";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { Modal, ModalActions } from "@/components/ui/Modal";
import { api } from "@/lib/client/api";
import { announceChange } from "@/lib/client/undo";
import { useAction } from "@/lib/client/use-action";
import type { LocationDto, ShiftDto } from "@/lib/shared/api-types";
import { formatDayMonth, WEEKDAYS_SHORT } from "@/lib/shared/format";
import { DayAndLocationFields } from "./DayAndLocationFields";
import { weekDays } from "./planner-moves";

type Props = {
  weekStart: string;
  /** The day to copy, and the location when opened from a row ("Zeile kopieren …"); null: all locations. */
  initial: { date: string; locationId: number | null };
  shifts: ShiftDto[];
  locations: LocationDto[];
  onClose: () => void;
  /** After the copy and after "Rückgängig": reload the week. */
  onChanged: () => void;
};

const count = (n: number) => `${n} ${n === 1 ? "Schicht" : "Schichten"}`;

/**
 * "Tag kopieren …" / "Zeile kopieren …" (docs/PRODUCT-RULES.md §31.7): the shifts of one day — every location's or
 * one location's — copied to other days of the week in one change (POST /api/shifts/bulk with `to_dates`).
 */
export function CopyDayDialog({ weekStart, initial, shifts, locations, onClose, onChanged }: Props) {
  const [date, setDate] = useState(initial.date);
  const [locationId, setLocationId] = useState(initial.locationId === null ? "" : String(initial.locationId));
  const [targets, setTargets] = useState<Set<string>>(new Set());
  const [withEmployees, setWithEmployees] = useState(true);
  const { busy, run } = useAction();
  const days = weekDays(weekStart);
  const source = shifts.filter(
    (shift) => shift.shift_date === date && (locationId === "" || shift.location_id === Number(locationId)),
  );
  const chosen = days.filter((day) => day !== date && targets.has(day));

  async function copy() {
    let answer: { count: number; opened: unknown[]; change_id: string } | undefined;
    const done = await run(
      async () => {
        answer = await api.post("/shifts/bulk", {
          action: "copy",
          shift_ids: source.map((shift) => shift.id),
          to_dates: chosen,
          with_employees: withEmployees,
        });
      },
      { failure: "Fehler beim Kopieren" },
    );
    if (!done || !answer) return;
    const open = answer.opened.length > 0 ? `, ${answer.opened.length} davon offen` : "";
    announceChange({
      message: `${count(answer.count)} kopiert${open}`,
      changeId: answer.change_id,
      onUndone: onChanged,
    });
    onChanged();
    onClose();
  }

  const toggle = (day: string) =>
    setTargets((old) => {
      const next = new Set(old);
      if (next.has(day)) next.delete(day);
      else next.add(day);
      return next;
    });

  return (
    <Modal
      open
      title={initial.locationId === null ? "Tag kopieren" : "Zeile kopieren"}
      onClose={() => !busy && onClose()}
    >
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void copy();
        }}
      >
        <DayAndLocationFields
          idPrefix="copy-day"
          weekStart={weekStart}
          date={date}
          onDate={setDate}
          locations={locations}
          locationId={locationId}
          onLocation={setLocationId}
          emptyLocation="Alle Standorte"
        />
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">Kopieren auf</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {days.map((day, i) =>
              day === date ? null : (
                <label key={day} className="flex min-h-11 items-center gap-2 rounded-md border border-slate-200 px-2">
                  <input type="checkbox" checked={targets.has(day)} onChange={() => toggle(day)} className="size-4" />
                  <span>
                    {WEEKDAYS_SHORT[i]} {formatDayMonth(day)}
                  </span>
                </label>
              ),
            )}
          </div>
        </fieldset>
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={withEmployees}
            onChange={(event) => setWithEmployees(event.target.checked)}
            className="size-4"
          />
          mit Mitarbeitenden
        </label>
        <p className="text-sm text-slate-600" aria-live="polite">
          {source.length === 0
            ? "An diesem Tag gibt es hier keine Schichten."
            : `${count(source.length)} auf ${chosen.length} ${chosen.length === 1 ? "Tag" : "Tage"}`}
        </p>
        <ModalActions>
          <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
            Abbrechen
          </Button>
          <Button type="submit" disabled={busy || source.length === 0 || chosen.length === 0}>
            Kopieren
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}
