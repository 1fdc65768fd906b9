"use client";
import { useState } from "react";
import { dateInput, Field, TextAreaField } from "@/components/ui/Field";
import { FormActions, Modal } from "@/components/ui/Modal";
import { api, ApiRequestError, errorMessage } from "@/lib/client/api";
import { validate } from "@/lib/client/form-errors";
import { notify } from "@/lib/client/notify";
import { today } from "@/lib/client/today";
import type { WishDto } from "@/lib/shared/api-types";
import { wishInputSchema } from "@/lib/shared/schemas/wish";
import { EARLY_BEFORE, type WishKind } from "@/lib/shared/wishes";

type Props = { employeeId: number; onSaved: (saved: WishDto) => void; onClose: () => void };

const CHOICES: [WishKind, string][] = [
  ["prefer_early", `Lieber Frühschicht (Beginn vor ${EARLY_BEFORE})`],
  ["prefer_late", `Lieber Spätschicht (Beginn ab ${EARLY_BEFORE})`],
  ["day_off", "Wunschfrei an einem Tag"],
];

/** "Wunsch eintragen" on Meine Schichten (docs/PRODUCT-RULES.md §35.8): rather early or late, or a day off. */
export function WishDialog({ employeeId, onSaved, onClose }: Props) {
  const [form, setForm] = useState({ kind: "prefer_early" as WishKind, date: today(), note: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const update = (change: Partial<typeof form>, field: string) => {
    setForm((current) => ({ ...current, ...change }));
    setErrors((current) => ({ ...current, [field]: "" }));
  };

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validate(wishInputSchema, {
      employee_id: employeeId,
      kind: form.kind,
      date: form.kind === "day_off" ? form.date : null,
      note: form.note,
    });
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    setBusy(true);
    try {
      const saved = await api.post("/wishes", checked.data);
      notify.success("Wunsch eingetragen!");
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiRequestError) setErrors(error.fields);
      notify.error(errorMessage(error, "Fehler beim Erstellen"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open title="Wunsch eintragen" onClose={() => !busy && onClose()}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <fieldset className="space-y-1">
          <legend className="mb-1 text-sm font-medium text-slate-700">Wunsch</legend>
          {CHOICES.map(([kind, label], index) => (
            <label key={kind} className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
              <input
                type="radio"
                name="wish-kind"
                value={kind}
                checked={form.kind === kind}
                onChange={() => update({ kind }, "kind")}
                disabled={busy}
                autoFocus={index === 0}
                className="size-5 border-slate-300"
              />
              {label}
            </label>
          ))}
          {errors.kind && <p className="text-sm text-red-700">{errors.kind}</p>}
        </fieldset>
        {form.kind === "day_off" && (
          <Field
            id="wish-date"
            label="Tag"
            {...dateInput}
            value={form.date}
            min={today()}
            onChange={(event) => update({ date: event.target.value }, "date")}
            error={errors.date}
            disabled={busy}
          />
        )}
        <TextAreaField
          id="wish-note"
          label="Notiz (optional)"
          value={form.note}
          onChange={(event) => update({ note: event.target.value }, "note")}
          error={errors.note}
          disabled={busy}
        />
        <p className="text-sm text-slate-600">
          Ein Wunsch ist keine Zusage: Die Planung berücksichtigt ihn, wo es geht, und du kannst trotzdem eingeteilt
          werden.
        </p>
        <FormActions busy={busy} onCancel={onClose} />
      </form>
    </Modal>
  );
}
