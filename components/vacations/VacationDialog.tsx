"use client";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { dateInput, Field, TextAreaField } from "@/components/ui/Field";
import { FormActions, Modal } from "@/components/ui/Modal";
import { SelectField } from "@/components/ui/SelectField";
import { withStartDate } from "@/lib/client/date-range";
import { api, ApiRequestError } from "@/lib/client/api";
import { validate } from "@/lib/client/form-errors";
import { notify } from "@/lib/client/notify";
import { announceChange } from "@/lib/client/undo";
import { today } from "@/lib/client/today";
import type { EmployeeDto, VacationDto } from "@/lib/shared/api-types";
import { isDateInWindow, mondayOf, workingDays, workingDaysByYear } from "@/lib/shared/dates";
import { vacationInputSchema } from "@/lib/shared/schemas/vacation";
import {
  employeeName,
  formatDays,
  openedShiftsNote,
  saveErrorToast,
  shiftsToOpenWarning,
  workingDaysLabel,
} from "./vacation-text";

type Props = {
  vacation: VacationDto | null;
  employees: EmployeeDto[];
  /** Pre-selected employee for a new vacation (the list's filter). */
  employeeId?: number;
  onClose: () => void;
  onSaved: () => void;
};

/**
 * Record (vacation null) or change a vacation, with the working days counted while typing
 * (docs/PRODUCT-RULES.md §16.7, §15).
 */
export function VacationDialog({ vacation, employees, employeeId, onClose, onSaved }: Props) {
  const [form, setForm] = useState({
    employee_id: String(vacation?.employee_id ?? employeeId ?? ""),
    start_date: vacation?.start_date ?? "",
    end_date: vacation?.end_date ?? "",
    notes: vacation?.notes ?? "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // A message goes once its field changes; the two dates judge each other, so both go.
  const set =
    (key: keyof typeof form) =>
    (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      const value = event.target.value;
      setForm((current) => (key === "start_date" ? withStartDate(current, value) : { ...current, [key]: value }));
      const cleared = key === "start_date" || key === "end_date" ? ["start_date", "end_date"] : [key];
      setErrors((current) => ({ ...current, ...Object.fromEntries(cleared.map((field) => [field, ""])) }));
    };

  const year = Number(today().slice(0, 4));
  // Dates in the API's window only (docs/PRODUCT-RULES.md §30.1): the counts below loop over the years between.
  const datesValid =
    isDateInWindow(form.start_date) && isDateInWindow(form.end_date) && form.start_date <= form.end_date;
  const count = datesValid ? workingDays(form.start_date, form.end_date) : null;
  const balance = currentYearBalance(employees, Number(form.employee_id), vacation, year);
  const neededThisYear = datesValid ? (workingDaysByYear(form.start_date, form.end_date).get(year) ?? 0) : 0;
  // An archived employee's past vacation still lists its employee, who is no longer in the picker.
  const missingEmployee =
    vacation && !employees.some((employee) => employee.id === vacation.employee_id) ? vacation : null;
  // Only an approved vacation opens shifts (a request does not, docs/PRODUCT-RULES.md §26.3); a new one from this
  // dialog is approved.
  const opensShifts = !vacation || vacation.status === "approved";
  const toOpen = useShiftsToOpen(opensShifts && datesValid ? form : null);
  const router = useRouter();

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validate(vacationInputSchema, {
      ...form,
      employee_id: form.employee_id ? Number(form.employee_id) : undefined,
    });
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    setBusy(true);
    try {
      const saved = vacation
        ? await api.put(`/vacations/${vacation.id}`, checked.data)
        : await api.post("/vacations", checked.data);
      // The week of its first day is one click away (docs/PRODUCT-RULES.md §31.6).
      const week = mondayOf(saved.start_date);
      const done = vacation ? "Ferien aktualisiert!" : "Ferien eingetragen!";
      const message = `${done}${openedShiftsNote(saved.opened_shifts)}`;
      const showWeek = { label: "Woche ansehen", onClick: () => router.push(`/schedule?week=${week}`) };
      // A recorded vacation is a plan write: "Rückgängig" takes it back with the shifts it opened (§31.6).
      if (saved.change_id)
        announceChange({ message, changeId: saved.change_id, onUndone: onSaved, secondary: showWeek });
      else notify.success(message, { duration: 6000, action: showWeek });
      onSaved();
    } catch (error) {
      if (error instanceof ApiRequestError) setErrors(error.fields);
      notify.error(...saveErrorToast(error, vacation ? "Fehler beim Aktualisieren" : "Fehler beim Erstellen", year));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open title={vacation ? "Ferien bearbeiten" : "Ferien eintragen"} onClose={() => !busy && onClose()}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <SelectField
          id="vacation-employee"
          label="Mitarbeiter"
          value={form.employee_id}
          onChange={set("employee_id")}
          error={errors.employee_id}
          hint={
            balance &&
            `Ferienguthaben ${year}: ${formatDays(balance.available)} von ${formatDays(balance.total)} Tagen verfügbar`
          }
          disabled={busy}
          autoFocus
        >
          <option value="">Mitarbeiter auswählen</option>
          {missingEmployee && <option value={missingEmployee.employee_id}>{employeeName(missingEmployee)}</option>}
          {employees.map((employee) => (
            <option key={employee.id} value={employee.id}>
              {employeeName(employee)}
            </option>
          ))}
        </SelectField>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id="vacation-start"
            label="Von"
            {...dateInput}
            value={form.start_date}
            onChange={set("start_date")}
            error={errors.start_date}
            disabled={busy}
          />
          <Field
            id="vacation-end"
            label="Bis"
            {...dateInput}
            value={form.end_date}
            min={form.start_date || dateInput.min}
            onChange={set("end_date")}
            error={errors.end_date}
            disabled={busy}
          />
        </div>
        {/* Announced while typing; shown only for a valid range (docs/PRODUCT-RULES.md §15). */}
        <div aria-live="polite" className="min-h-6 text-sm">
          {count !== null && (
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-semibold text-slate-900">{workingDaysLabel(count)}</span>
              <span className="text-slate-600">(Montag bis Freitag)</span>
              {balance && neededThisYear > balance.available && (
                <span className="font-medium text-red-700">Mehr als das Guthaben {year}</span>
              )}
            </p>
          )}
          {toOpen !== null && toOpen.count > 0 && (
            <p className="mt-1 rounded-lg border border-amber-400 bg-amber-50 px-3 py-2 text-amber-950">
              {shiftsToOpenWarning(toOpen.count)}
            </p>
          )}
        </div>
        <TextAreaField
          id="vacation-notes"
          label="Notizen (optional)"
          value={form.notes}
          onChange={set("notes")}
          error={errors.notes}
          disabled={busy}
        />
        <FormActions busy={busy} onCancel={onClose} />
      </form>
    </Modal>
  );
}

type ShiftsToOpen = { key: string; count: number };

/**
 * How many shifts the employee has in the range, read before saving (docs/PRODUCT-RULES.md §31.6): saving opens
 * them. Read again when the employee or a date changes; null while unknown.
 */
function useShiftsToOpen(range: { employee_id: string; start_date: string; end_date: string } | null) {
  const key = range && range.employee_id ? `${range.employee_id}:${range.start_date}:${range.end_date}` : null;
  const [found, setFound] = useState<ShiftsToOpen | null>(null);
  useEffect(() => {
    if (key === null) return;
    const [employeeId, start, end] = key.split(":");
    const controller = new AbortController();
    api
      .get(`/shifts?start_date=${start}&end_date=${end}`, controller.signal)
      .then((shifts) =>
        setFound({ key, count: shifts.filter((shift) => shift.employee_id === Number(employeeId)).length }),
      )
      // No warning is better than a wrong one; saving answers how many were opened anyway.
      .catch(() => undefined);
    return () => controller.abort();
  }, [key]);
  return found !== null && found.key === key ? found : null;
}

/**
 * The chosen employee's days left this year. When editing, the vacation's
 * own days of this year count as available again: the server leaves them
 * out of the balance when it checks the change. Within one year that is the
 * days it was charged (holidays left out, docs/PRODUCT-RULES.md §22.5); across
 * New Year its Monday-Friday days of this year, a close enough preview.
 */
function currentYearBalance(employees: EmployeeDto[], employeeId: number, vacation: VacationDto | null, year: number) {
  const employee = employees.find((candidate) => candidate.id === employeeId);
  if (!employee) return null;
  const ownDays = vacation && vacation.employee_id === employee.id ? ownDaysIn(vacation, year) : 0;
  // Requests hold their days too (docs/PRODUCT-RULES.md §26.3): the server refuses what exceeds total − used − pending.
  const available = employee.vacation_days_remaining - employee.vacation_days_pending + ownDays;
  return { total: employee.vacation_days_total, available };
}

function ownDaysIn(vacation: VacationDto, year: number): number {
  const withinYear = vacation.start_date.slice(0, 4) === vacation.end_date.slice(0, 4);
  if (withinYear) return vacation.start_date.startsWith(String(year)) ? vacation.days_count : 0;
  return workingDaysByYear(vacation.start_date, vacation.end_date).get(year) ?? 0;
}
