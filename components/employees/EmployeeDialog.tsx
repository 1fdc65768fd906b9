"use client";
import { useState } from "react";
import { decimalInput, Field } from "@/components/ui/Field";
import { LocationLabel } from "@/components/ui/LocationLabel";
import { FormActions, Modal } from "@/components/ui/Modal";
import { api, ApiRequestError } from "@/lib/client/api";
import { useAuth } from "@/lib/client/auth-store";
import { validate } from "@/lib/client/form-errors";
import { useAction } from "@/lib/client/use-action";
import type { EmployeeDto, LocationDto } from "@/lib/shared/api-types";
import { requiredDecimal } from "@/lib/shared/decimal-input";
import { can } from "@/lib/shared/roles";
import { employeeInputSchema } from "@/lib/shared/schemas/employee";

type Props = {
  employee: EmployeeDto | null;
  /** The active locations, offered as Einsatzorte (docs/PRODUCT-RULES.md §28.1). */
  locations: Pick<LocationDto, "id" | "name" | "color">[];
  onClose: () => void;
  onSaved: () => void;
};

/**
 * Create (employee null) or edit an employee; defaults 40 h and 20 days (docs/PRODUCT-RULES.md §17), no Einsatzorte
 * ticked = every location (§28.1). Hourly staff have no weekly target (§7.1): their Wochenstunden field is disabled
 * and not sent, so the stored value stays and a typed one is still there when the box is unticked (§29.4). The
 * Personalnummer (§34.2) is the admins' alone, as the API shows it to them only: others neither see nor send it.
 */
export function EmployeeDialog({ employee, locations, onClose, onSaved }: Props) {
  const { user } = useAuth();
  // An edited employee's number is only known when the answer carried it: never send an empty one over it unseen.
  const keepsPayroll =
    !!user && can(user.role, "master-data:write") && (employee === null || employee.personnel_number !== undefined);
  const [personnelNumber, setPersonnelNumber] = useState(employee?.personnel_number ?? "");
  const [form, setForm] = useState({
    first_name: employee?.first_name ?? "",
    last_name: employee?.last_name ?? "",
    weekly_hours: String(employee?.weekly_hours ?? 40),
    vacation_days_total: String(employee?.vacation_days_total ?? 20),
    is_hourly: employee?.is_hourly ?? false,
  });
  const [locationIds, setLocationIds] = useState<number[]>(employee?.location_ids ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, run } = useAction();
  const set = (key: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setForm((current) => ({
      ...current,
      [key]: event.target.type === "checkbox" ? event.target.checked : event.target.value,
    }));

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { weekly_hours: weeklyHours, ...rest } = form;
    const checked = validate(employeeInputSchema, {
      ...rest,
      // Absent: a new hourly employee gets the schema's default, an edited one keeps what is stored.
      weekly_hours: form.is_hourly ? undefined : requiredDecimal(weeklyHours),
      vacation_days_total: requiredDecimal(form.vacation_days_total),
      location_ids: locationIds,
      ...(keepsPayroll && { personnel_number: personnelNumber }),
    });
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    const input = form.is_hourly ? { ...checked.data, weekly_hours: undefined } : checked.data;
    const saved = await run(
      () =>
        (employee ? api.put(`/employees/${employee.id}`, input) : api.post("/employees", input)).catch((error) => {
          // A refusal naming a field (a personnel number someone has, 409) shows at it; the toast says it too.
          if (error instanceof ApiRequestError) setErrors(error.fields);
          throw error;
        }),
      {
        success: employee ? "Mitarbeiter aktualisiert!" : "Mitarbeiter erstellt!",
        failure: employee ? "Fehler beim Aktualisieren" : "Fehler beim Erstellen",
      },
    );
    if (saved) onSaved();
  }

  return (
    <Modal open title={employee ? "Mitarbeiter bearbeiten" : "Neuer Mitarbeiter"} onClose={() => !busy && onClose()}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id="employee-first-name"
            label="Vorname"
            value={form.first_name}
            onChange={set("first_name")}
            error={errors.first_name}
            disabled={busy}
            autoFocus
          />
          <Field
            id="employee-last-name"
            label="Nachname"
            value={form.last_name}
            onChange={set("last_name")}
            error={errors.last_name}
            disabled={busy}
          />
          <Field
            id="employee-weekly-hours"
            label="Wochenstunden"
            {...decimalInput}
            value={form.weekly_hours}
            onChange={set("weekly_hours")}
            error={form.is_hourly ? undefined : errors.weekly_hours}
            hint={form.is_hourly ? "Entfällt bei Stundenlohn" : undefined}
            disabled={busy || form.is_hourly}
          />
          <Field
            id="employee-vacation-days"
            label="Ferientage pro Jahr"
            {...decimalInput}
            value={form.vacation_days_total}
            onChange={set("vacation_days_total")}
            error={errors.vacation_days_total}
            disabled={busy}
          />
          {keepsPayroll && (
            <Field
              id="employee-personnel-number"
              label="Personalnummer"
              // The whole row: its hint and a refusal naming who has the number are long.
              className="sm:col-span-2"
              value={personnelNumber}
              onChange={(event) => {
                setPersonnelNumber(event.target.value);
                setErrors((current) => ({ ...current, personnel_number: "" }));
              }}
              error={errors.personnel_number || undefined}
              hint="Für die Lohndaten; leer = keine. DATEV nimmt nur Zahlen von 1 bis 99999."
              maxLength={20}
              autoComplete="off"
              disabled={busy}
            />
          )}
        </div>
        <label className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={form.is_hourly}
            onChange={set("is_hourly")}
            disabled={busy}
            className="size-5 rounded border-slate-300"
          />
          Stundenlohn (ohne feste Wochenstunden)
        </label>
        {locations.length > 0 && (
          <fieldset className="space-y-1" aria-describedby="employee-locations-hint" disabled={busy}>
            <legend className="text-sm font-medium text-slate-700">Einsatzorte</legend>
            <p id="employee-locations-hint" className="text-xs text-slate-600">
              Keine Auswahl = alle Standorte
            </p>
            <div className="grid gap-x-4 sm:grid-cols-2">
              {locations.map((location) => (
                <label key={location.id} className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    checked={locationIds.includes(location.id)}
                    onChange={(event) =>
                      setLocationIds((current) =>
                        event.target.checked ? [...current, location.id] : current.filter((id) => id !== location.id),
                      )
                    }
                    className="size-5 shrink-0 rounded border-slate-300"
                  />
                  <LocationLabel name={location.name} color={location.color} dotSize="size-3" className="gap-2" />
                </label>
              ))}
            </div>
            {errors.location_ids && <p className="text-sm text-red-700">{errors.location_ids}</p>}
          </fieldset>
        )}
        <FormActions busy={busy} onCancel={onClose} />
      </form>
    </Modal>
  );
}
