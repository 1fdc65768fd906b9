"use client";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { Modal, ModalActions } from "@/components/ui/Modal";
import { api } from "@/lib/client/api";
import { announceChange } from "@/lib/client/undo";
import { useAction } from "@/lib/client/use-action";
import type { LocationDto, ShiftDto } from "@/lib/shared/api-types";
import { classNames } from "@/lib/shared/class-names";
import { daysBetween } from "@/lib/shared/dates";
import { formatDate } from "@/lib/shared/format";
import { DayAndLocationFields } from "./DayAndLocationFields";
import { useSelectionSize, type ShiftSelection } from "./shift-selection";

type Props = {
  selection: ShiftSelection;
  weekStart: string;
  shifts: ShiftDto[];
  locations: LocationDto[];
  /** After a write and after "Rückgängig": reload the week. */
  onChanged: () => void;
};

const count = (n: number) => `${n} ${n === 1 ? "Schicht" : "Schichten"}`;
type BulkAnswer = { count: number; opened: unknown[]; change_id: string };

/**
 * "n Schichten ausgewählt" (docs/PRODUCT-RULES.md §31.7): the selected shifts moved, copied or deleted together in one
 * change (POST /api/shifts/bulk), with "Rückgängig". Escape clears the selection.
 */
export function SelectionBar({ selection, weekStart, shifts, locations, onChanged }: Props) {
  const size = useSelectionSize(selection);
  const [open, setOpen] = useState<"move" | "delete" | null>(null);
  const { busy, run } = useAction();
  const selected = shifts.filter((shift) => selection.has(shift.id));
  const first = selected.map((shift) => shift.shift_date).sort()[0] ?? weekStart;
  const [date, setDate] = useState(first);
  const [locationId, setLocationId] = useState("");

  useEffect(() => {
    if (size === 0) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || document.querySelector('[role="dialog"]')) return;
      selection.clear();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [size, selection]);

  if (size === 0) return <div role="status" aria-live="polite" className="sr-only" />;

  async function send(body: Record<string, unknown>, done: (answer: BulkAnswer) => string, failure: string) {
    let answer: BulkAnswer | undefined;
    const ok = await run(
      async () => {
        answer = await api.post("/shifts/bulk", { ...body, shift_ids: selection.list() });
      },
      { failure },
    );
    if (!ok || !answer) return;
    announceChange({ message: done(answer), changeId: answer.change_id, onUndone: onChanged });
    selection.clear();
    setOpen(null);
    onChanged();
  }

  const target = () => ({
    days: daysBetween(first, date),
    ...(locationId !== "" && { location_id: Number(locationId) }),
  });
  const opened = (answer: BulkAnswer) => (answer.opened.length > 0 ? `, ${answer.opened.length} davon offen` : "");

  return (
    <>
      <div
        role="status"
        aria-live="polite"
        className={classNames(
          "sticky top-0 z-20 mb-2 flex flex-wrap items-center gap-2",
          "rounded-xl border border-blue-200 bg-blue-50 p-2",
        )}
      >
        <span className="px-2 font-medium text-blue-900">{count(size)} ausgewählt</span>
        <Button
          variant="secondary"
          onClick={() => {
            setDate(first);
            setOpen("move");
          }}
        >
          Verschieben / Kopieren nach …
        </Button>
        <Button variant="secondary" onClick={() => setOpen("delete")}>
          Löschen
        </Button>
        <Button variant="secondary" onClick={() => selection.clear()}>
          Auswahl aufheben
        </Button>
      </div>
      {open === "move" && (
        <Modal open title="Auswahl verschieben / kopieren" onClose={() => !busy && setOpen(null)}>
          <form
            className="space-y-4"
            onSubmit={(event) => {
              event.preventDefault();
              void send(
                { action: "move", ...target() },
                (a) => `${count(a.count)} verschoben`,
                "Fehler beim Verschieben",
              );
            }}
          >
            <p className="text-sm text-slate-700">
              {count(size)}; die erste ({formatDate(first)}) kommt auf den gewählten Tag, die anderen im selben Abstand.
            </p>
            <DayAndLocationFields
              idPrefix="bulk"
              weekStart={weekStart}
              date={date}
              onDate={setDate}
              locations={locations}
              locationId={locationId}
              onLocation={setLocationId}
              emptyLocation="unverändert"
            />
            <ModalActions>
              <Button type="button" variant="secondary" onClick={() => setOpen(null)} disabled={busy}>
                Abbrechen
              </Button>
              <Button
                type="button"
                variant="secondary"
                disabled={busy}
                onClick={() =>
                  void send(
                    { action: "copy", ...target() },
                    (a) => `${count(a.count)} kopiert${opened(a)}`,
                    "Fehler beim Kopieren",
                  )
                }
              >
                Kopieren
              </Button>
              <Button type="submit" disabled={busy}>
                Verschieben
              </Button>
            </ModalActions>
          </form>
        </Modal>
      )}
      <ConfirmDialog
        open={open === "delete"}
        title="Schichten löschen"
        message={`${count(size)} wirklich löschen?`}
        onConfirm={() => send({ action: "delete" }, (a) => `${count(a.count)} gelöscht`, "Fehler beim Löschen")}
        onClose={() => setOpen(null)}
      />
    </>
  );
}
