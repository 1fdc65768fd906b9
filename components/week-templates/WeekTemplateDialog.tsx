"use client";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { IntentLink } from "@/components/ui/IntentLink";
import { FormActions, Modal } from "@/components/ui/Modal";
import { api, ApiRequestError, errorMessage } from "@/lib/client/api";
import { notify } from "@/lib/client/notify";
import type { LocationDto, WeekTemplateDto } from "@/lib/shared/api-types";
import { classNames } from "@/lib/shared/class-names";
import { formatHours, sumHours } from "@/lib/shared/hours";
import type { LabourRules } from "@/lib/shared/rules/types";
import { ROW_GRID, ShiftRowFields } from "./ShiftRowFields";
import {
  checkTemplateForm,
  formFromTemplate,
  newShiftRow,
  rowHours,
  type ShiftRow,
  type TemplateErrors,
} from "./template-form";

type Props = {
  template: WeekTemplateDto | null;
  locations: LocationDto[];
  /** The company's labour rules: the rows' breaks start at their legal minimum (docs/PRODUCT-RULES.md §23). */
  labourRules: LabourRules;
  onClose: () => void;
  onSaved: () => void;
};

const noErrors: TemplateErrors = { fields: {}, rows: [] };

/** Create (template null) or edit a week template with its shift rows (docs/PRODUCT-RULES.md §16.8, §15). */
export function WeekTemplateDialog({ template, locations, labourRules, onClose, onSaved }: Props) {
  const [form, setForm] = useState(() => formFromTemplate(template, locations, labourRules));
  const [errors, setErrors] = useState<TemplateErrors>(noErrors);
  const [busy, setBusy] = useState(false);
  const total = sumHours(form.shifts.map((row) => rowHours(row, labourRules) ?? 0));

  // A message goes once its field changes.
  const updateRow = (index: number) => (row: ShiftRow) => {
    const changed = (Object.keys(row) as (keyof ShiftRow)[]).filter(
      (field) => row[field] !== form.shifts[index][field],
    );
    setForm((current) => ({ ...current, shifts: current.shifts.map((old, i) => (i === index ? row : old)) }));
    setErrors((current) => ({
      ...current,
      rows: current.rows.map((messages, i) =>
        i === index ? { ...messages, ...Object.fromEntries(changed.map((field) => [field, ""])) } : messages,
      ),
    }));
  };
  const setText = (field: "name" | "description") => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, fields: { ...current.fields, [field]: "" } }));
  };
  // Row errors follow their rows when one is removed.
  function removeRow(index: number) {
    setForm((current) => ({ ...current, shifts: current.shifts.filter((_, i) => i !== index) }));
    setErrors((current) => ({ ...current, rows: current.rows.filter((_, i) => i !== index) }));
  }
  function addRow() {
    setForm((current) => ({ ...current, shifts: [...current.shifts, newShiftRow(current.shifts.at(-1), locations)] }));
    setErrors((current) => ({ ...current, fields: { ...current.fields, shifts: "" } }));
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkTemplateForm(form, labourRules);
    setErrors(checked.errors ?? noErrors);
    if (!checked.data) return;
    setBusy(true);
    try {
      if (template) await api.put(`/week-templates/${template.id}`, checked.data);
      else await api.post("/week-templates", checked.data);
      notify.success(template ? "Vorlage aktualisiert!" : "Vorlage erstellt!");
      onSaved();
    } catch (error) {
      if (error instanceof ApiRequestError) setErrors({ fields: error.fields, rows: [] });
      notify.error(errorMessage(error, template ? "Fehler beim Aktualisieren" : "Fehler beim Erstellen"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open size="xl" title={template ? "Vorlage bearbeiten" : "Neue Vorlage"} onClose={() => !busy && onClose()}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id="template-name"
            label="Name"
            value={form.name}
            onChange={setText("name")}
            error={errors.fields.name}
            disabled={busy}
            autoFocus
          />
          <Field
            id="template-description"
            label="Beschreibung (optional)"
            value={form.description}
            onChange={setText("description")}
            error={errors.fields.description}
            disabled={busy}
          />
        </div>

        <section aria-labelledby="template-shifts-title" className="space-y-2">
          <div className="flex items-baseline justify-between gap-2">
            <h3 id="template-shifts-title" className="text-sm font-semibold text-slate-900">
              Schichten
            </h3>
            {form.shifts.length > 0 && (
              <p className="text-sm tabular-nums text-slate-600">Total {formatHours(total)} h pro Woche</p>
            )}
          </div>
          {locations.length === 0 ? (
            <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
              Noch keine Standorte — lege zuerst unter{" "}
              <IntentLink href="/locations" className="font-medium underline">
                Standorte
              </IntentLink>{" "}
              einen Standort an.
            </p>
          ) : (
            <>
              {form.shifts.length > 0 && (
                <div
                  aria-hidden="true"
                  className={classNames(
                    "hidden gap-2 text-xs font-medium uppercase tracking-wide text-slate-600 lg:grid",
                    ROW_GRID,
                  )}
                >
                  <span>Tag</span>
                  <span>Standort</span>
                  <span>Von</span>
                  <span>Bis</span>
                  <span>Pause</span>
                  <span>Notiz</span>
                  <span className="text-right">Std.</span>
                </div>
              )}
              <div className="space-y-3 lg:space-y-2">
                {form.shifts.map((row, index) => (
                  <ShiftRowFields
                    key={row.key}
                    row={row}
                    number={index + 1}
                    locations={locations}
                    errors={errors.rows[index] ?? {}}
                    disabled={busy}
                    labourRules={labourRules}
                    onChange={updateRow(index)}
                    onRemove={() => removeRow(index)}
                  />
                ))}
              </div>
            </>
          )}
          {errors.fields.shifts && (
            <p role="alert" className="text-sm text-red-700">
              {errors.fields.shifts}
            </p>
          )}
          <Button variant="secondary" size="sm" onClick={addRow} disabled={busy || locations.length === 0}>
            + Schicht hinzufügen
          </Button>
        </section>

        <FormActions busy={busy} onCancel={onClose} />
      </form>
    </Modal>
  );
}
