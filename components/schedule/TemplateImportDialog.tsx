"use client";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { Modal, ModalActions } from "@/components/ui/Modal";
import { LoadingState } from "@/components/ui/States";
import { api } from "@/lib/client/api";
import { announceChange } from "@/lib/client/undo";
import { useAction } from "@/lib/client/use-action";
import { useResource } from "@/lib/client/use-resource";
import { classNames } from "@/lib/shared/class-names";
import { addDays } from "@/lib/shared/dates";
import { formatDate } from "@/lib/shared/format";
import { ALREADY_PLANNED_TITLE, alreadyPlannedMessage } from "./week-copy-texts";

type Props = {
  weekStart: string;
  /** Shifts the displayed week has already: more than none asks before importing (docs/PRODUCT-RULES.md §27.3). */
  shiftCount: number;
  onClose: () => void;
  onImported: () => void;
  /** After "Rückgängig" (or Ctrl+Z) took the import back: reload the week. */
  onUndone: () => void;
};

/** Applies a week template to the displayed week: its shifts arrive unassigned (docs/PRODUCT-RULES.md §11). */
export function TemplateImportDialog({ weekStart, shiftCount, onClose, onImported, onUndone }: Props) {
  const templates = useResource((signal) => api.get("/week-templates", signal), "Fehler beim Laden der Templates");
  const [chosen, setChosen] = useState<number | null>(null);
  const [asking, setAsking] = useState(false);
  const { busy, run } = useAction();

  async function importTemplate() {
    if (chosen === null) return;
    let changeId: string | undefined;
    const imported = await run(
      async () => {
        ({ change_id: changeId } = await api.post(`/week-templates/${chosen}/apply`, { start_date: weekStart }));
      },
      { failure: "Fehler beim Importieren" },
    );
    if (!imported || !changeId) return;
    announceChange({ message: "Template importiert!", changeId, onUndone });
    // docs/PRODUCT-RULES.md §11: after an import the client waits 100 ms, then reloads.
    await new Promise((resolve) => setTimeout(resolve, 100));
    onImported();
  }

  return (
    <Modal open title="Vorlage importieren" onClose={() => !busy && onClose()}>
      <p className="mb-4 text-sm text-slate-700">
        Die Schichten der Vorlage werden als offene Schichten in die Woche {formatDate(weekStart)} –{" "}
        {formatDate(addDays(weekStart, 6))} eingefügt.
      </p>
      {!templates.data ? (
        <LoadingState />
      ) : templates.data.length === 0 ? (
        <p className="text-sm text-slate-600">
          Noch keine Wochenvorlagen vorhanden. Lege sie unter „Wochenvorlagen“ an.
        </p>
      ) : (
        <fieldset>
          <legend className="sr-only">Vorlage</legend>
          <ul className="space-y-2">
            {templates.data.map((template) => (
              <li key={template.id}>
                <label
                  className={classNames(
                    "flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border p-3",
                    chosen === template.id ? "border-accent bg-blue-50" : "border-slate-200",
                  )}
                >
                  <input
                    type="radio"
                    name="template"
                    className="mt-1 size-4"
                    checked={chosen === template.id}
                    onChange={() => setChosen(template.id)}
                    disabled={busy}
                  />
                  <span>
                    <span className="block font-medium text-slate-900">{template.name}</span>
                    <span className="block text-sm text-slate-600">
                      {template.shift_count} Schichten an {template.day_count} Tagen
                      {template.description ? ` · ${template.description}` : ""}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <ModalActions>
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Abbrechen
        </Button>
        <Button
          onClick={() => (shiftCount > 0 ? setAsking(true) : void importTemplate())}
          disabled={busy || chosen === null}
        >
          {busy ? "Wird importiert..." : "Importieren"}
        </Button>
      </ModalActions>
      <ConfirmDialog
        open={asking}
        title={ALREADY_PLANNED_TITLE}
        message={alreadyPlannedMessage(shiftCount)}
        confirmLabel="Einfügen"
        onConfirm={() => {
          setAsking(false);
          // Not awaited: the import shows its progress on this dialog's button, the question closes at once.
          void importTemplate();
          return Promise.resolve();
        }}
        onClose={() => setAsking(false)}
      />
    </Modal>
  );
}
