import { memo, useId, useState } from "react";
import { Button } from "@/components/ui/Button";
import { WeekBalance } from "@/components/ui/WeekBalance";
import { absenceWeekLabel } from "@/components/absences/absence-text";
import type { AbsenceSlot, UnavailabilityDto, WishDto } from "@/lib/shared/api-types";
import { classNames } from "@/lib/shared/class-names";
import { formatHours } from "@/lib/shared/hours";
import { useDndParts } from "./dnd-parts";
import { unavailabilityLabel, weekdayRuns, type EmployeeAvailability } from "./week-model";

/** Below Tailwind's `sm`: a phone. */
const PHONE = "(max-width: 639.98px)";

type Props = {
  entries: EmployeeAvailability[];
  weekStart: string;
  /** Planners only: the names can be dropped on a shift to assign it (docs/PRODUCT-RULES.md §27.2). */
  draggable?: boolean;
  /** Planners only: record someone's unavailability (the button) … */
  onAddUnavailability?: () => void;
  /** … and remove an entry (its ×). */
  onDeleteUnavailability?: (entry: UnavailabilityDto, name: string) => void;
  /** The week's absences by employee (the week answer's `absences`, docs/PRODUCT-RULES.md §32.8). */
  absences?: Map<number, AbsenceSlot[]>;
  /** Planners who record absences: "Abwesenheit erfassen" (for the employee of the row, or any) … */
  onAddAbsence?: (employeeId?: number) => void;
  /** … and a click on an absence opens it for a change. */
  onEditAbsence?: (absence: AbsenceSlot, name: string) => void;
  /** Planners: the week's wishes by employee ("lieber Frühschicht", "Wunschfrei Sa"; docs/PRODUCT-RULES.md §35.8). */
  wishes?: Map<number, WishDto[]>;
};

/**
 * Who still has hours this week (docs/PRODUCT-RULES.md §16.4): remaining hours, overbooked in red and with a "+",
 * "Ferien Mo–Mi" for the days someone is on vacation and, for planners, "nicht verfügbar Fr 14:00–18:00" for the
 * time someone cannot work (§26.4), the week's absences ("Krank Mo–Mi", §32.8; a click opens one for a change) and
 * wishes ("lieber Frühschicht", "Wunschfrei Sa", §35.8). Planners drag a name onto a shift to assign it (§27.2).
 */
export const EmployeePanel = memo(function EmployeePanel(props: Props) {
  const { entries, weekStart, draggable, onAddUnavailability, onDeleteUnavailability } = props;
  const { absences, onAddAbsence, onEditAbsence, wishes } = props;
  const { Employee } = useDndParts();
  // Phones start with the list folded, so the week's plan is in view first (docs/PRODUCT-RULES.md §29.5).
  const [open, setOpen] = useState(() => typeof window === "undefined" || !window.matchMedia(PHONE).matches);
  const listId = useId();
  return (
    <section aria-labelledby="available-heading" className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id="available-heading" className="text-sm font-semibold text-slate-900">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen((shown) => !shown)}
            className="-mx-1 flex min-h-11 items-center gap-1.5 rounded px-1 hover:bg-slate-100 sm:min-h-8"
          >
            <svg
              width="14"
              height="14"
              viewBox="0 0 20 20"
              aria-hidden="true"
              className={classNames("transition-transform", open && "rotate-90")}
            >
              <path d="M7 4l6 6-6 6" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
            </svg>
            Verfügbare Mitarbeiter
          </button>
        </h2>
        {entries.length > 0 && (onAddUnavailability || onAddAbsence) && (
          <span className="flex flex-wrap gap-2">
            {onAddAbsence && (
              <Button variant="secondary" size="sm" onClick={() => onAddAbsence()}>
                Abwesenheit erfassen
              </Button>
            )}
            {onAddUnavailability && (
              <Button variant="secondary" size="sm" onClick={onAddUnavailability}>
                Nicht verfügbar eintragen
              </Button>
            )}
          </span>
        )}
      </div>
      {entries.length === 0 ? (
        <p id={listId} hidden={!open} className="text-sm text-slate-600">
          Noch keine Mitarbeitenden erfasst.
        </p>
      ) : (
        // minmax(0, 1fr) columns: a long name is cut with "…", it never widens the page (docs/PRODUCT-RULES.md §29.5).
        <ul
          id={listId}
          hidden={!open}
          className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4"
        >
          {entries.map((entry) => {
            const name = `${entry.employee.first_name} ${entry.employee.last_name}`;
            return (
              // Rows off screen are laid out only when scrolled to:
              // a staff of hundreds would otherwise cost the first render. When the name and its chips leave no
              // room, the buttons and hours wrap to a line of their own instead of lying over a chip's ×.
              <li
                key={entry.employee.id}
                data-testid="employee-availability"
                className={classNames(
                  "flex min-h-8 min-w-0 flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b",
                  "border-slate-100 py-1",
                  "[contain-intrinsic-size:auto_2.0625rem] [content-visibility:auto]",
                )}
              >
                <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5">
                  {draggable ? (
                    <Employee employee={entry.employee} name={name}>
                      {name}
                    </Employee>
                  ) : (
                    <span className="truncate" title={name}>
                      {name}
                    </span>
                  )}
                  {entry.vacationDays.length > 0 && (
                    <span className="shrink-0 rounded bg-sky-100 px-1.5 text-xs font-medium text-sky-900">
                      Ferien {weekdayRuns(entry.vacationDays, weekStart)}
                    </span>
                  )}
                  {absences?.get(entry.employee.id)?.map((absence) => {
                    const label = absenceWeekLabel(absence, weekStart);
                    const chip = classNames(
                      "shrink-0 rounded bg-violet-100 px-1.5 text-xs font-medium text-violet-950",
                      onEditAbsence && "hover:bg-violet-200 max-sm:min-h-8",
                    );
                    return onEditAbsence ? (
                      <button
                        key={`absence-${absence.id}`}
                        type="button"
                        data-testid="absence-chip"
                        onClick={() => onEditAbsence(absence, name)}
                        aria-label={`${name}: ${label} bearbeiten`}
                        className={chip}
                      >
                        {label}
                      </button>
                    ) : (
                      <span key={`absence-${absence.id}`} data-testid="absence-chip" className={chip}>
                        {label}
                      </span>
                    );
                  })}
                  {entry.unavailability.map((unavailable) => {
                    const label = `nicht verfügbar ${unavailabilityLabel(unavailable, weekStart)}`;
                    return (
                      <span
                        key={unavailable.id}
                        className={classNames(
                          "inline-flex shrink-0 items-center rounded bg-amber-100",
                          "text-xs font-medium text-amber-950",
                        )}
                        title={unavailable.note ?? undefined}
                      >
                        <span className="px-1.5">{label}</span>
                        {onDeleteUnavailability && (
                          <button
                            type="button"
                            onClick={() => onDeleteUnavailability(unavailable, name)}
                            aria-label={`${name}: ${label} löschen`}
                            className="rounded-r px-1.5 leading-5 hover:bg-amber-200 max-sm:min-h-8 max-sm:min-w-8"
                          >
                            ×
                          </button>
                        )}
                      </span>
                    );
                  })}
                  {wishes?.get(entry.employee.id)?.map((wish) => (
                    <span
                      key={`wish-${wish.id}`}
                      data-testid="wish-chip"
                      className="shrink-0 rounded border border-slate-300 px-1.5 text-xs text-slate-700"
                      title={wish.note ?? undefined}
                    >
                      <span className="sr-only">Wunsch: </span>
                      {wishChip(wish, weekStart)}
                    </span>
                  ))}
                </span>
                <span className="ml-auto flex shrink-0 items-center gap-2 tabular-nums">
                  {onAddAbsence && (
                    <button
                      type="button"
                      onClick={() => onAddAbsence(entry.employee.id)}
                      title={`Abwesenheit erfassen: ${name}`}
                      className={classNames(
                        "rounded border border-slate-300 px-1.5 text-xs font-medium text-slate-700",
                        "hover:bg-slate-50 max-sm:min-h-8",
                      )}
                    >
                      {/* The name read out contains the visible word (WCAG 2.5.3), then says for whom. */}
                      <span aria-hidden="true">+ </span>Abwesenheit
                      <span className="sr-only"> erfassen: {name}</span>
                    </button>
                  )}
                  <span>
                    {entry.remaining === null && `${formatHours(entry.scheduled)} h · `}
                    <WeekBalance remaining={entry.remaining} />
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
});

/** "lieber Frühschicht", "lieber Spätschicht", or a day off of the week as its weekday: "Wunschfrei Sa". */
function wishChip(wish: WishDto, weekStart: string): string {
  if (wish.kind === "prefer_early") return "lieber Frühschicht";
  if (wish.kind === "prefer_late") return "lieber Spätschicht";
  return `Wunschfrei ${weekdayRuns([wish.date ?? weekStart], weekStart)}`;
}
