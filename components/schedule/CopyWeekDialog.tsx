"use client";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { Modal, ModalActions } from "@/components/ui/Modal";
import { api, errorMessage } from "@/lib/client/api";
import { notify } from "@/lib/client/notify";
import { announceChange } from "@/lib/client/undo";
import { useAction } from "@/lib/client/use-action";
import type { CopiedWeek } from "@/lib/shared/api-types";
import { addDays, FIRST_WEEK_START, LAST_WEEK_START } from "@/lib/shared/dates";
import { ALREADY_PLANNED_TITLE, alreadyPlannedMessage, copiedMessage, weekLabel } from "./week-copy-texts";

type Props = {
  /** Monday of the week shown in the planner: the week that is copied. */
  weekStart: string;
  /** Shifts of that week; with none there is nothing to copy. */
  shiftCount: number;
  onClose: () => void;
  /** After a copy, with the Monday of the target week: the planner shows that week. */
  onCopied: (targetWeekStart: string) => void;
  /** After "Rückgängig" (or Ctrl+Z) took the copy back: reload the week shown. */
  onUndone: () => void;
};

/**
 * Copies the shown week into another one (docs/PRODUCT-RULES.md §27.3): the target week defaults to the next one;
 * a target that has shifts already is confirmed first, with its count read just before asking.
 */
export function CopyWeekDialog({ weekStart, shiftCount, onClose, onCopied, onUndone }: Props) {
  // From the window's last whole week the next one lies outside it (docs/PRODUCT-RULES.md §30.1): the one before.
  const [target, setTarget] = useState(() =>
    weekStart >= LAST_WEEK_START ? addDays(weekStart, -7) : addDays(weekStart, 7),
  );
  const [withEmployees, setWithEmployees] = useState(true);
  const [checking, setChecking] = useState(false);
  const [existing, setExisting] = useState<number | null>(null);
  const { busy, run } = useAction();
  const sameWeek = target === weekStart;
  const working = busy || checking;

  async function copy() {
    let answer: CopiedWeek | undefined;
    const copied = await run(
      async () => {
        answer = await api.post("/shifts/copy-week", {
          from_start_date: weekStart,
          to_start_date: target,
          with_employees: withEmployees,
        });
      },
      { failure: "Fehler beim Kopieren" },
    );
    if (!copied || !answer) return;
    announceChange({ message: copiedMessage(answer), changeId: answer.change_id, onUndone });
    onCopied(target);
  }

  async function submit() {
    setChecking(true);
    let count: number;
    try {
      count = (await api.get(`/shifts?start_date=${target}&end_date=${addDays(target, 6)}`)).length;
    } catch (error) {
      notify.error(errorMessage(error, "Fehler beim Laden der Daten"));
      return;
    } finally {
      setChecking(false);
    }
    if (count > 0) setExisting(count);
    else await copy();
  }

  return (
    <Modal open title="Woche kopieren" onClose={() => !working && onClose()}>
      <p className="mb-4 text-sm text-slate-700">
        Die {shiftCount} {shiftCount === 1 ? "Schicht" : "Schichten"} der {weekLabel(weekStart)} werden am selben
        Wochentag in die Zielwoche eingefügt.
      </p>
      <div className="space-y-4">
        <div className="space-y-1">
          <span id="copy-target-label" className="block text-sm font-medium text-slate-700">
            Zielwoche
          </span>
          <div className="flex items-center gap-2" role="group" aria-labelledby="copy-target-label">
            <Button
              variant="secondary"
              onClick={() => setTarget(addDays(target, -7))}
              aria-label="Eine Woche früher"
              // The target is a whole week in the window (docs/PRODUCT-RULES.md §30.1).
              disabled={working || target <= FIRST_WEEK_START}
            >
              ←
            </Button>
            <output className="min-w-0 flex-1 text-center font-medium text-slate-900" aria-live="polite">
              {weekLabel(target)}
            </output>
            <Button
              variant="secondary"
              onClick={() => setTarget(addDays(target, 7))}
              aria-label="Eine Woche später"
              disabled={working || target >= LAST_WEEK_START}
            >
              →
            </Button>
          </div>
          {sameWeek && <p className="text-sm text-red-700">Die Zielwoche muss eine andere Woche sein</p>}
        </div>
        <label className="flex min-h-11 cursor-pointer items-start gap-3">
          <input
            type="checkbox"
            className="mt-1 size-4"
            checked={withEmployees}
            onChange={(event) => setWithEmployees(event.target.checked)}
            disabled={working}
          />
          <span>
            <span className="block font-medium text-slate-900">mit Mitarbeitenden</span>
            <span className="block text-sm text-slate-600">
              Wer in der Zielwoche Ferien hat oder zur selben Zeit schon arbeitet, wird nicht übernommen: die Schicht
              bleibt offen.
            </span>
          </span>
        </label>
      </div>
      <ModalActions>
        <Button variant="secondary" onClick={onClose} disabled={working}>
          Abbrechen
        </Button>
        <Button onClick={submit} disabled={working || sameWeek || shiftCount === 0}>
          {busy ? "Wird kopiert..." : "Kopieren"}
        </Button>
      </ModalActions>
      <ConfirmDialog
        open={existing !== null}
        title={ALREADY_PLANNED_TITLE}
        message={existing === null ? "" : alreadyPlannedMessage(existing)}
        confirmLabel="Einfügen"
        onConfirm={() => {
          setExisting(null);
          // Not awaited: the copy shows its progress on this dialog's button, the question closes at once.
          void copy();
          return Promise.resolve();
        }}
        onClose={() => setExisting(null)}
      />
    </Modal>
  );
}
