"use client";
import { useState } from "react";
import { Field, TextAreaField } from "@/components/ui/Field";
import { FormActions, Modal } from "@/components/ui/Modal";
import { api } from "@/lib/client/api";
import { validate } from "@/lib/client/form-errors";
import { useAction } from "@/lib/client/use-action";
import { weekTemplateFromWeekSchema } from "@/lib/shared/schemas/week-template";
import { weekLabel } from "./week-copy-texts";

type Props = { weekStart: string; onClose: () => void };

/**
 * Saves the shown week's shifts as a new week template (docs/PRODUCT-RULES.md §27.3): weekday, location, times and
 * break of each; employees are not part of templates.
 */
export function SaveWeekAsTemplateDialog({ weekStart, onClose }: Props) {
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, run } = useAction();

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validate(weekTemplateFromWeekSchema, { name, description, start_date: weekStart });
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    const input = checked.data;
    const saved = await run(() => api.post("/week-templates/from-week", input), {
      success: "Vorlage gespeichert!",
      failure: "Fehler beim Speichern",
    });
    if (saved) onClose();
  }

  return (
    <Modal open title="Als Vorlage speichern" onClose={() => !busy && onClose()}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <p className="text-sm text-slate-700">
          Die Schichten der {weekLabel(weekStart)} werden eine Wochenvorlage: Wochentag, Standort, Zeiten und Pause,
          ohne Mitarbeitende.
        </p>
        <Field
          id="week-template-name"
          label="Name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errors.name}
          disabled={busy}
          autoFocus
        />
        <TextAreaField
          id="week-template-description"
          label="Beschreibung"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          error={errors.description}
          disabled={busy}
        />
        <FormActions busy={busy} onCancel={onClose} />
      </form>
    </Modal>
  );
}
