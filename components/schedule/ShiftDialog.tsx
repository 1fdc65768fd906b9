"use client";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { dateInput, Field, inputClass, integerInput } from "@/components/ui/Field";
import { FormActions, Modal } from "@/components/ui/Modal";
import { api } from "@/lib/client/api";
import { validate } from "@/lib/client/form-errors";
import { readLastShiftTimes, rememberShiftTimes, type ShiftTimes } from "@/lib/client/last-shift-times";
import { announceChange } from "@/lib/client/undo";
import { useAction } from "@/lib/client/use-action";
import type {
  LocationDto,
  SavedShift,
  ShiftDto,
  ShiftPresetDto,
  UnavailabilityDto,
  VacationDto,
  WeekApplicationDto,
} from "@/lib/shared/api-types";
import { addDays } from "@/lib/shared/dates";
import { requiredDecimal } from "@/lib/shared/decimal-input";
import { worksAtLocation } from "@/lib/shared/employee-locations";
import { formatTimestampDate } from "@/lib/shared/format";
import { crossesMidnight, formatHours, shiftHours, shiftMinutes } from "@/lib/shared/hours";
// The module itself, not the rules' index: the dialog needs this one function, not the whole evaluation.
import { breakHint, suggestedBreak } from "@/lib/shared/rules/breaks";
import type { LabourRules } from "@/lib/shared/rules/types";
import { datedShiftHours } from "@/lib/shared/rules/time";
import { shiftInputSchema } from "@/lib/shared/schemas/shift";
import { savedToast } from "./planner-moves";
import { ShiftFindings } from "./ShiftFindings";
import { useShiftCheck } from "./use-shift-check";
import { browserTimeZone, unavailableAt } from "./unavailable-at";
import { onVacation, type EmployeeAvailability } from "./week-model";

/** An existing shift, or a new one from a cell: its day and its location or (view by employee, §27.4) employee. */
export type ShiftDraft = { shift: ShiftDto } | { locationId?: number; date: string; employeeId?: number };

type Props = {
  draft: ShiftDraft;
  employees: EmployeeAvailability[];
  locations: LocationDto[];
  /** The displayed week: its vacations and the employees' hours describe it, not other weeks. */
  weekStart: string;
  vacations: VacationDto[];
  /** The week's unavailability (planners; docs/PRODUCT-RULES.md §26.4). */
  unavailability: UnavailabilityDto[];
  labourRules: LabourRules;
  /** Who applied for this open shift (docs/PRODUCT-RULES.md §26.5), oldest first; empty otherwise. */
  applications?: WeekApplicationDto[];
  onClose: () => void;
  onSaved: () => void;
  /** After "Rückgängig" in the save's toast or Ctrl+Z (docs/PRODUCT-RULES.md §27.7): reload the week. */
  onUndone: () => void;
};

/**
 * Where a new shift's times start (docs/PRODUCT-RULES.md §27.1): the last ones saved at the location in this
 * browser, else 09:00–17:00 with the legal break. A break that is the legal minimum of its times keeps following
 * the times, as a saved shift's does.
 */
function startingTimes(locationId: number | null, rules: LabourRules) {
  const last = locationId === null ? null : readLastShiftTimes(locationId);
  if (!last) return { start_time: "09:00", end_time: "17:00", break_minutes: "0", breakFollows: true };
  return timesOf(last, rules);
}

function timesOf(times: ShiftTimes, rules: LabourRules) {
  const { start_time, end_time, break_minutes } = times;
  const breakFollows = break_minutes === suggestedBreak(start_time, end_time, rules);
  return { start_time, end_time, break_minutes: String(break_minutes), breakFollows };
}

/** The mark of an employee who does not work at the shift's location (docs/PRODUCT-RULES.md §28.1). */
const FOREIGN_LOCATION = " – anderer Einsatzort";
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function remainingLabel(entry: EmployeeAvailability) {
  if (entry.remaining === null) return "Stundenlohn";
  return entry.remaining < 0
    ? `+${formatHours(-entry.remaining)} h Überstunden`
    : `${formatHours(entry.remaining)} h frei`;
}

/**
 * Create or edit a shift, with a live preview of its hours (over midnight when the end is before the start,
 * less the break) and the planning rules' findings before saving (docs/PRODUCT-RULES.md §16.4, §24).
 */
export function ShiftDialog(props: Props) {
  const {
    draft,
    employees,
    locations,
    weekStart,
    vacations,
    unavailability,
    labourRules,
    applications = [],
    onClose,
    onSaved,
    onUndone,
  } = props;
  const editing = "shift" in draft ? draft.shift : null;
  // The zone the picker's "nicht verfügbar" is measured in, read once per dialog (an Intl call).
  const [timeZone] = useState(browserTimeZone);
  // The times a new shift starts from, read once: the last saved at the location, or the defaults.
  const [initial] = useState(() =>
    editing
      ? timesOf(editing, labourRules)
      : startingTimes("locationId" in draft ? (draft.locationId ?? null) : null, labourRules),
  );
  const [form, setForm] = useState({
    employee_id: editing?.employee_id
      ? String(editing.employee_id)
      : "employeeId" in draft && draft.employeeId
        ? String(draft.employeeId)
        : "",
    location_id: String(editing?.location_id ?? ("locationId" in draft ? (draft.locationId ?? "") : "")),
    shift_date: editing?.shift_date ?? ("date" in draft ? draft.date : ""),
    start_time: initial.start_time,
    end_time: initial.end_time,
    is_custom: editing?.is_custom ?? false,
    custom_name: editing?.custom_name ?? "",
    break_minutes: initial.break_minutes,
  });
  // The break follows the times (the legal minimum) until the user sets it. A saved shift's break follows too
  // when it is the minimum of its saved times, so changing the times of a shift planned that way keeps it legal.
  const [breakFollows, setBreakFollows] = useState(initial.breakFollows);
  // Until the user sets times, a new shift's times follow the chosen location's memory (§27.1).
  const [timesSet, setTimesSet] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, run } = useAction();
  const set = (key: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    if (key === "start_time" || key === "end_time") setTimesSet(true);
    setForm((current) => ({
      ...current,
      [key]:
        event.target instanceof HTMLInputElement && event.target.type === "checkbox"
          ? event.target.checked
          : event.target.value,
    }));
  };

  /** A preset's button (§27.1) fills start, end and break; the rest of the form stays. */
  function applyTimes(times: ShiftTimes) {
    const { breakFollows: follows, ...next } = timesOf(times, labourRules);
    setTimesSet(true);
    setBreakFollows(follows);
    setForm((current) => ({ ...current, ...next }));
  }

  function chooseLocation(event: React.ChangeEvent<HTMLSelectElement>) {
    const value = event.target.value;
    const next = !editing && !timesSet ? startingTimes(value ? Number(value) : null, labourRules) : null;
    if (next) setBreakFollows(next.breakFollows);
    setForm((current) => ({
      ...current,
      location_id: value,
      ...(next && { start_time: next.start_time, end_time: next.end_time, break_minutes: next.break_minutes }),
    }));
  }

  const suggested = suggestedBreak(form.start_time, form.end_time, labourRules);
  const breakText = breakFollows ? String(suggested) : form.break_minutes;
  const breakMinutes = requiredDecimal(breakText);
  const length = shiftMinutes(form.start_time, form.end_time);
  // The preview counts a break it can: a whole number of minutes shorter than the shift (the schema says the rest).
  const usableBreak = Number.isInteger(breakMinutes) && breakMinutes >= 0 && breakMinutes < (length ?? 0);
  const clockHours = shiftHours(form.start_time, form.end_time, usableBreak ? breakMinutes : 0);
  // On a DST night a shift lasts an hour less or more than its clock times say (docs/PRODUCT-RULES.md §32.5).
  const hours =
    clockHours !== null && ISO_DATE.test(form.shift_date)
      ? datedShiftHours({ ...form, break_minutes: usableBreak ? breakMinutes : 0 }, timeZone)
      : clockHours;
  const findings = useShiftCheck({
    id: editing?.id,
    employee_id: form.employee_id ? Number(form.employee_id) : null,
    location_id: form.location_id ? Number(form.location_id) : null,
    shift_date: form.shift_date,
    start_time: form.start_time,
    end_time: form.end_time,
    break_minutes: breakMinutes,
  });
  const inWeek = form.shift_date >= weekStart && form.shift_date <= addDays(weekStart, 6);
  const overnight = crossesMidnight(form.start_time, form.end_time);
  // The archived location of an old shift stays selectable for that shift.
  const locationOptions =
    editing && !locations.some((l) => l.id === editing.location_id)
      ? [...locations, { id: editing.location_id, name: editing.location_name }]
      : locations;
  const employeeKnown = !editing?.employee_id || employees.some((entry) => entry.employee.id === editing.employee_id);
  // Only those who work at the chosen location are offered (docs/PRODUCT-RULES.md §28.1); the one assigned or
  // chosen stays, marked, so an edit never silently drops them. No location chosen yet: everyone.
  const chosenLocation = form.location_id ? Number(form.location_id) : null;
  const worksHere = (locationIds: number[]) => chosenLocation === null || worksAtLocation(locationIds, chosenLocation);
  const chosenForeign = employees.some(
    ({ employee }) => String(employee.id) === form.employee_id && !worksHere(employee.location_ids),
  );
  const offered = employees.filter(
    ({ employee }) =>
      worksHere(employee.location_ids) ||
      String(employee.id) === form.employee_id ||
      employee.id === editing?.employee_id,
  );
  const presets = locations.find((location) => String(location.id) === form.location_id)?.presets ?? [];

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await save();
  }

  /**
   * Saves the form; `applicant` assigns the shift to one who applied ("Zuweisen", §26.5) through the same PUT, so
   * the planning rules decide as for any assignment and a refusal shows the server's text.
   */
  async function save(applicant?: WeekApplicationDto) {
    const checked = validate(shiftInputSchema, {
      employee_id: applicant ? applicant.employee_id : form.employee_id ? Number(form.employee_id) : null,
      location_id: form.location_id ? Number(form.location_id) : undefined,
      shift_date: form.shift_date,
      start_time: form.start_time,
      end_time: form.end_time,
      break_minutes: breakMinutes,
      is_custom: form.is_custom,
      custom_name: form.is_custom ? form.custom_name : null,
    });
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    const body = checked.data;
    let answer: SavedShift | undefined;
    // An overlap or a vacation day is refused with the server's German text in the error toast (§25).
    const saved = await run(
      async () => {
        answer = await (editing ? api.put(`/shifts/${editing.id}`, body) : api.post("/shifts", body));
      },
      { failure: editing ? "Fehler beim Aktualisieren" : "Fehler beim Erstellen" },
    );
    if (!saved || !answer) return;
    rememberShiftTimes(body.location_id, body);
    const title = applicant
      ? `Schicht an ${applicant.employee_name} vergeben!`
      : editing
        ? "Schicht aktualisiert!"
        : "Schicht erstellt!";
    announceChange({ message: savedToast(title, answer.warnings), changeId: answer.change_id, onUndone });
    onSaved();
  }

  /**
   * " – Ferien" on the day, " – nicht verfügbar" when the shift's time falls into the employee's unavailability,
   * " – überbucht" when this shift would take the employee past the week's hours.
   */
  function employeeNotes(entry: EmployeeAvailability): string {
    if (!inWeek) return "";
    const id = entry.employee.id;
    const vacation = form.shift_date && onVacation(vacations, id, form.shift_date) ? " – Ferien" : "";
    const shift = { date: form.shift_date, start: form.start_time, end: form.end_time };
    const unavailable =
      form.shift_date && unavailableAt(unavailability, id, shift, timeZone) ? " – nicht verfügbar" : "";
    const already = editing?.employee_id === id ? editing.hours : 0;
    const over =
      entry.remaining !== null && entry.remaining >= 0 && hours !== null && entry.remaining + already - hours < 0;
    return vacation + unavailable + (over ? " – überbucht" : "");
  }

  return (
    <Modal open title={editing ? "Schicht bearbeiten" : "Neue Schicht"} onClose={() => !busy && onClose()}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <div className="space-y-1">
          <label htmlFor="shift-employee" className="block text-sm font-medium text-slate-700">
            Mitarbeiter
          </label>
          <select
            id="shift-employee"
            value={form.employee_id}
            onChange={set("employee_id")}
            disabled={busy}
            className={inputClass}
            aria-describedby={chosenForeign ? "shift-employee-foreign" : undefined}
          >
            <option value="">Nicht zugewiesen (offen)</option>
            {!employeeKnown && editing && (
              <option value={String(editing.employee_id)}>{editing.employee_name} (archiviert)</option>
            )}
            {offered.map((entry) => (
              <option key={entry.employee.id} value={String(entry.employee.id)}>
                {entry.employee.first_name} {entry.employee.last_name} – {remainingLabel(entry)}
                {employeeNotes(entry)}
                {worksHere(entry.employee.location_ids) ? "" : FOREIGN_LOCATION}
              </option>
            ))}
          </select>
          {chosenForeign && (
            // A closed select cuts its text on a phone: the mark is said again in full.
            <p id="shift-employee-foreign" className="text-sm text-amber-900">
              Arbeitet nicht an diesem Standort (anderer Einsatzort).
            </p>
          )}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-1">
            <label htmlFor="shift-location" className="block text-sm font-medium text-slate-700">
              Standort
            </label>
            <select
              id="shift-location"
              value={form.location_id}
              onChange={chooseLocation}
              disabled={busy}
              className={inputClass}
              aria-invalid={errors.location_id ? true : undefined}
            >
              <option value="">Bitte wählen</option>
              {locationOptions.map((location) => (
                <option key={location.id} value={String(location.id)}>
                  {location.name}
                </option>
              ))}
            </select>
            {errors.location_id && <p className="text-sm text-red-700">{errors.location_id}</p>}
          </div>
          <Field
            id="shift-date"
            label="Datum"
            {...dateInput}
            value={form.shift_date}
            onChange={set("shift_date")}
            error={errors.shift_date}
            disabled={busy}
          />
        </div>
        {presets.length > 0 && (
          <PresetButtons
            presets={presets}
            current={{ start_time: form.start_time, end_time: form.end_time, break_minutes: breakMinutes }}
            busy={busy}
            onChoose={applyTimes}
          />
        )}
        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            id="shift-start"
            label="Beginn"
            type="time"
            value={form.start_time}
            onChange={set("start_time")}
            error={errors.start_time}
            disabled={busy}
          />
          <Field
            id="shift-end"
            label="Ende"
            type="time"
            value={form.end_time}
            onChange={set("end_time")}
            error={errors.end_time}
            disabled={busy}
          />
          <Field
            id="shift-break"
            label="Pause (Minuten)"
            {...integerInput}
            value={breakText}
            onChange={(event) => {
              const value = event.target.value;
              setBreakFollows(false);
              setTimesSet(true);
              setForm((current) => ({ ...current, break_minutes: value }));
            }}
            error={errors.break_minutes}
            disabled={busy}
            hint={breakHint(suggested, labourRules)}
          />
        </div>
        <label className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={form.is_custom}
            onChange={set("is_custom")}
            disabled={busy}
            className="size-5 rounded border-slate-300"
          />
          Sonderschicht mit eigenem Namen
        </label>
        {form.is_custom && (
          <Field
            id="shift-custom-name"
            label="Name der Sonderschicht"
            value={form.custom_name}
            onChange={set("custom_name")}
            error={errors.custom_name}
            disabled={busy}
            placeholder="z. B. Inventur"
          />
        )}
        <p role="status" className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-800">
          Vorschau:{" "}
          {hours === null ? (
            <span className="text-red-700">Beginn und Ende dürfen nicht gleich sein</span>
          ) : (
            <strong>
              {form.start_time}–{form.end_time} · {formatHours(hours)} h
              {usableBreak && breakMinutes > 0 ? `, ${breakMinutes} Min. Pause` : ""}
              {overnight ? " (über Mitternacht)" : ""}
            </strong>
          )}
        </p>
        <ShiftFindings findings={findings} />
        {editing && editing.employee_id === null && applications.length > 0 && (
          <Applicants
            applications={applications}
            employees={employees}
            locationId={chosenLocation}
            busy={busy}
            onAssign={save}
          />
        )}
        <FormActions busy={busy} onCancel={onClose} />
      </form>
    </Modal>
  );
}

/** The location's presets as one-click buttons ("Früh 06:00–14:00"); the one the form matches is pressed. */
function PresetButtons(props: {
  presets: ShiftPresetDto[];
  current: ShiftTimes;
  busy: boolean;
  onChoose: (preset: ShiftPresetDto) => void;
}) {
  const { presets, current, busy, onChoose } = props;
  return (
    <div role="group" aria-labelledby="shift-presets-label" className="space-y-1">
      <p id="shift-presets-label" className="text-sm font-medium text-slate-700">
        Schichtart
      </p>
      <div className="flex flex-wrap gap-2">
        {presets.map((preset) => {
          const pressed =
            preset.start_time === current.start_time &&
            preset.end_time === current.end_time &&
            preset.break_minutes === current.break_minutes;
          return (
            <Button
              key={preset.id}
              size="sm"
              variant="secondary"
              aria-pressed={pressed}
              title={preset.break_minutes > 0 ? `${preset.break_minutes} Min. Pause` : "Ohne Pause"}
              disabled={busy}
              onClick={() => onChoose(preset)}
              className="aria-pressed:border-accent-dark aria-pressed:bg-blue-50 aria-pressed:text-blue-900"
            >
              {/* One inline run, so the space stays and the name read out is the text shown. */}
              <span>
                <span className="font-semibold">{preset.name}</span>{" "}
                <span className="tabular-nums">
                  {preset.start_time}–{preset.end_time}
                </span>
              </span>
            </Button>
          );
        })}
      </div>
    </div>
  );
}

/**
 * The applicants of an open shift (docs/PRODUCT-RULES.md §26.5), oldest first, each with the hours left in the
 * displayed week and a one-click "Zuweisen". One who does not work at the location stays listed, marked, without
 * "Zuweisen" (§28.1): the picker above still assigns them on purpose.
 */
function Applicants(props: {
  applications: WeekApplicationDto[];
  employees: EmployeeAvailability[];
  locationId: number | null;
  busy: boolean;
  onAssign: (applicant: WeekApplicationDto) => void;
}) {
  const { applications, employees, locationId, busy, onAssign } = props;
  return (
    <section aria-labelledby="shift-applicants" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2">
      <h3 id="shift-applicants" className="text-sm font-semibold text-amber-950">
        Bewerbungen ({applications.length})
      </h3>
      <ul className="mt-1 divide-y divide-amber-200">
        {applications.map((application) => {
          const entry = employees.find((candidate) => candidate.employee.id === application.employee_id);
          const foreign = !!entry && locationId !== null && !worksAtLocation(entry.employee.location_ids, locationId);
          return (
            <li key={application.employee_id} className="flex flex-wrap items-center justify-between gap-2 py-1.5">
              <span className="text-sm text-slate-900">
                <span className="font-medium">{application.employee_name}</span>
                <span className="block text-xs text-slate-600">
                  gemeldet am {formatTimestampDate(application.created_at)}
                  {entry ? ` · ${remainingLabel(entry)}` : ""}
                  {foreign ? FOREIGN_LOCATION.replace(" –", " ·") : ""}
                </span>
              </span>
              {!foreign && (
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={busy}
                  onClick={() => onAssign(application)}
                  aria-label={`Zuweisen: ${application.employee_name}`}
                >
                  Zuweisen
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
