"use client";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { TextAreaField } from "@/components/ui/Field";
import { FormActions, Modal } from "@/components/ui/Modal";
import { api, ApiRequestError } from "@/lib/client/api";
import { notify } from "@/lib/client/notify";
import { today } from "@/lib/client/today";
import { useResource } from "@/lib/client/use-resource";
import type { ShiftDto } from "@/lib/shared/api-types";
import { addDays, isoWeekday, mondayOf } from "@/lib/shared/dates";
import { formatDate, formatDayMonth, WEEKDAYS_SHORT } from "@/lib/shared/format";
import { swapShiftText } from "./swap-text";

type Props = {
  shift: ShiftDto;
  employeeId: number;
  onClose: () => void;
  onSaved: () => void;
};

type Kind = "give_away" | "swap";

/**
 * "Abgeben oder tauschen" for one's own shift on Meine Schichten (docs/PRODUCT-RULES.md §35.1): give it to anyone who
 * may work it, or pick a colleague's shift (of the plan as published, a week at a time) to swap it against. The server
 * judges both sides; its refusal stays in the dialog with what was chosen.
 */
export function OfferShiftDialog({ shift, employeeId, onClose, onSaved }: Props) {
  const [kind, setKind] = useState<Kind>("give_away");
  const [target, setTarget] = useState<number | null>(null);
  const [note, setNote] = useState("");
  const [week, setWeek] = useState(mondayOf(shift.shift_date));
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (kind === "swap" && target === null) {
      setError("Bitte wähle die Schicht, gegen die du tauschen möchtest");
      return;
    }
    setBusy(true);
    setError("");
    try {
      await api.post("/swaps", { shift_id: shift.id, kind, target_shift_id: kind === "swap" ? target : null, note });
      notify.success(kind === "swap" ? "Tausch angeboten!" : "Schicht angeboten!");
      onSaved();
    } catch (failure) {
      const message = failure instanceof ApiRequestError ? failure.message : "Fehler beim Anbieten";
      setError(message);
      notify.error(message);
    } finally {
      setBusy(false);
    }
  }

  const own = { ...shift, id: shift.id as number | null, custom_name: shift.is_custom ? shift.custom_name : null };
  return (
    <Modal open title="Abgeben oder tauschen" onClose={() => !busy && onClose()}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <p className="text-sm text-slate-700">
          Deine Schicht: <strong className="tabular-nums text-slate-900">{swapShiftText(own)}</strong>
        </p>
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">Was möchtest du?</legend>
          <KindChoice
            value="give_away"
            kind={kind}
            onChange={setKind}
            label="Abgeben"
            hint="Alle, die die Schicht übernehmen können, sehen dein Angebot; wer zuerst annimmt, bekommt sie."
          />
          <KindChoice
            value="swap"
            kind={kind}
            onChange={setKind}
            label="Tauschen"
            hint="Du übernimmst dafür eine Schicht einer Kollegin oder eines Kollegen; nur diese Person kann annehmen."
          />
        </fieldset>
        {kind === "swap" && (
          <ColleagueShifts
            week={week}
            onWeek={setWeek}
            employeeId={employeeId}
            exceptId={shift.id}
            selected={target}
            onSelect={(id) => {
              setTarget(id);
              setError("");
            }}
          />
        )}
        <TextAreaField
          id="swap-note"
          label="Nachricht an die Kolleginnen und Kollegen (optional)"
          value={note}
          maxLength={500}
          onChange={(event) => setNote(event.target.value)}
          disabled={busy}
        />
        <p role="alert" aria-live="assertive" className="min-h-5 text-sm font-medium text-red-700">
          {error}
        </p>
        <p className="text-sm text-slate-600">
          Die Schicht bleibt deine, bis jemand annimmt und die Leitung zustimmt (wo der Standort das verlangt).
        </p>
        <FormActions
          busy={busy}
          onCancel={onClose}
          label={kind === "swap" ? "Tausch anbieten" : "Schicht anbieten"}
          busyLabel="Wird gesendet..."
        />
      </form>
    </Modal>
  );
}

function KindChoice(props: { value: Kind; kind: Kind; onChange: (kind: Kind) => void; label: string; hint: string }) {
  const id = `swap-kind-${props.value}`;
  return (
    <label
      htmlFor={id}
      className="flex cursor-pointer gap-3 rounded-lg border border-slate-200 p-3 has-checked:border-accent"
    >
      <input
        id={id}
        type="radio"
        name="swap-kind"
        className="mt-1 size-4"
        checked={props.kind === props.value}
        onChange={() => props.onChange(props.value)}
      />
      <span>
        <span className="block font-medium text-slate-900">{props.label}</span>
        <span className="block text-sm text-slate-600">{props.hint}</span>
      </span>
    </label>
  );
}

type ColleagueShiftsProps = {
  week: string;
  onWeek: (week: string) => void;
  employeeId: number;
  exceptId: number;
  selected: number | null;
  onSelect: (id: number) => void;
};

/** Colleagues' shifts of one week (the plan as published) not yet begun, to pick the one to swap against. */
function ColleagueShifts({ week, onWeek, employeeId, exceptId, selected, onSelect }: ColleagueShiftsProps) {
  const shifts = useResource(
    (signal) => api.get(`/schedule/week?start_date=${week}&end_date=${addDays(week, 6)}`, signal),
    "Fehler beim Laden der Schichten",
    week,
  );
  const firstWeek = mondayOf(today());
  const now = new Date();
  const clock = `${String(now.getHours()).padStart(2, "0")}:${String(now.getMinutes()).padStart(2, "0")}`;
  // Only this week's answer: while another week loads, the hook keeps the previous one.
  const loaded = shifts.dataKey === week ? shifts.data : undefined;
  const choices = (loaded?.shifts ?? [])
    .filter((shift) => shift.employee_id !== null && shift.employee_id !== employeeId && shift.id !== exceptId)
    .filter((shift) => shift.shift_date > today() || (shift.shift_date === today() && shift.start_time > clock))
    .sort((a, b) => `${a.shift_date}${a.start_time}`.localeCompare(`${b.shift_date}${b.start_time}`));
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">Gegen welche Schicht?</legend>
      <div className="flex items-center justify-between gap-2">
        <Button
          type="button"
          variant="secondary"
          size="sm"
          disabled={week <= firstWeek}
          onClick={() => onWeek(addDays(week, -7))}
        >
          ‹ Woche davor
        </Button>
        <span className="text-sm tabular-nums text-slate-700" aria-live="polite">
          {formatDayMonth(week)}–{formatDate(addDays(week, 6))}
        </span>
        <Button type="button" variant="secondary" size="sm" onClick={() => onWeek(addDays(week, 7))}>
          Woche danach ›
        </Button>
      </div>
      {shifts.failed ? (
        <p className="text-sm text-red-700">Die Schichten dieser Woche konnten nicht geladen werden.</p>
      ) : !loaded ? (
        <p className="text-sm text-slate-600">Lädt…</p>
      ) : choices.length === 0 ? (
        <p className="text-sm text-slate-600">In dieser Woche hat niemand sonst eine Schicht, die noch kommt.</p>
      ) : (
        <ul className="max-h-64 space-y-1 overflow-y-auto rounded-lg border border-slate-200 p-1">
          {choices.map((shift) => (
            <li key={shift.id}>
              <label
                className={"flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 hover:bg-slate-50"}
              >
                <input
                  type="radio"
                  name="swap-target"
                  className="size-4"
                  checked={selected === shift.id}
                  onChange={() => onSelect(shift.id)}
                />
                <span className="text-sm">
                  <span className="font-medium tabular-nums text-slate-900">
                    {WEEKDAYS_SHORT[isoWeekday(shift.shift_date) - 1]} {formatDayMonth(shift.shift_date)},{" "}
                    {shift.start_time}–{shift.end_time}
                  </span>
                  <span className="block text-slate-600">
                    {shift.employee_name} · {shift.location_name}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
