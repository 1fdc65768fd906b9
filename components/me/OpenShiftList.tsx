"use client";
import { Button } from "@/components/ui/Button";
import { FindingNotes } from "@/components/ui/FindingIcon";
import { LocationLabel } from "@/components/ui/LocationLabel";
import { EmptyState } from "@/components/ui/States";
import { api } from "@/lib/client/api";
import { useAction } from "@/lib/client/use-action";
import type { OpenShiftDto } from "@/lib/shared/api-types";
import { classNames } from "@/lib/shared/class-names";
import { isoWeekday } from "@/lib/shared/dates";
import { formatDate, WEEKDAYS_SHORT } from "@/lib/shared/format";
import { formatHours } from "@/lib/shared/hours";

type Props = {
  /** GET /api/me/open-shifts. */
  shifts: OpenShiftDto[];
  /** After applying or withdrawing: the caller loads the list again. */
  onChanged: () => void;
};

/**
 * The open shifts of the next four weeks the signed-in employee may take (docs/PRODUCT-RULES.md §26.5), one card
 * each: "Ich kann" applies, "Zurückziehen" withdraws. A shift the rules would refuse (overlap, vacation day) says
 * why instead of offering the button; warnings are shown as hints. One column on a phone, two from `sm` on, one
 * again from `xl` on, where the list stands beside the weeks of Meine Schichten.
 */
export function OpenShiftList({ shifts, onChanged }: Props) {
  if (shifts.length === 0)
    return (
      <EmptyState title="Keine offenen Schichten in den nächsten vier Wochen">
        Sobald eine Schicht offen ist, kannst du dich hier melden.
      </EmptyState>
    );
  return (
    <ul aria-label="Offene Schichten" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-1">
      {shifts.map((shift) => (
        <OpenShiftCard key={shift.id} shift={shift} onChanged={onChanged} />
      ))}
    </ul>
  );
}

function OpenShiftCard({ shift, onChanged }: { shift: OpenShiftDto; onChanged: () => void }) {
  const { busy, run } = useAction();
  const refusal = shift.findings.find((finding) => finding.severity === "error");
  const day = `${WEEKDAYS_SHORT[isoWeekday(shift.shift_date) - 1]} ${formatDate(shift.shift_date)}`;
  const headingId = `open-shift-${shift.id}`;

  async function toggle() {
    const done = await run(
      () =>
        shift.applied ? api.delete(`/shifts/${shift.id}/application`) : api.post(`/shifts/${shift.id}/application`),
      shift.applied
        ? { success: "Bewerbung zurückgezogen!", failure: "Fehler beim Zurückziehen" }
        : { success: "Du hast dich gemeldet!", failure: "Fehler beim Melden" },
    );
    if (done) onChanged();
  }

  return (
    <li
      aria-labelledby={headingId}
      data-testid="open-shift"
      className={classNames(
        "flex flex-col gap-2 rounded-xl border bg-white p-4",
        shift.applied ? "border-emerald-300" : "border-slate-200",
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="font-semibold text-slate-900">
          {day}
          <span className="block tabular-nums font-normal text-slate-700">
            {shift.start_time}–{shift.end_time} · {formatHours(shift.hours)} h
            {shift.break_minutes > 0 ? ` (${shift.break_minutes} Min. Pause)` : ""}
          </span>
        </h3>
        {shift.applied && (
          <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
            Gemeldet
          </span>
        )}
      </div>
      <LocationLabel
        name={shift.location_name}
        color={shift.location_color}
        dotSize="size-2.5"
        className="gap-1.5 text-sm text-slate-700"
      />
      {shift.is_custom && shift.custom_name && <p className="text-sm italic text-slate-600">{shift.custom_name}</p>}
      <FindingNotes findings={shift.findings} />
      {(shift.applied || !refusal) && (
        <Button
          variant={shift.applied ? "secondary" : "primary"}
          className="mt-auto self-start max-sm:w-full"
          disabled={busy}
          onClick={toggle}
          aria-describedby={headingId}
        >
          {shift.applied ? "Zurückziehen" : "Ich kann"}
        </Button>
      )}
    </li>
  );
}
