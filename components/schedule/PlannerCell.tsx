"use client";
import dynamic from "next/dynamic";
import { memo, useContext } from "react";
import { ShiftChip } from "@/components/ui/ShiftChip";
import type { FindingDto, ShiftDto } from "@/lib/shared/api-types";
import { classNames } from "@/lib/shared/class-names";
import { formatDayMonth, WEEKDAYS_SHORT } from "@/lib/shared/format";
import { ProposalMarksContext } from "./auto-fill-model";
import { UnpublishedShiftsContext } from "./publication-marks";
import { SwapMarksContext } from "./swap-marks";
import { useDndParts } from "./dnd-parts";
import { shiftName, type MoveTarget } from "./planner-moves";
import { ShiftSelectionContext, useShiftSelected } from "./shift-selection";

// Proposal mode's chips (docs/PRODUCT-RULES.md §28.4) load with the first proposal shown, not with the planner.
const ProposalChip = dynamic(() => import("./ProposalChip").then((m) => m.ProposalChip));

/**
 * What the planner's cells and chips do, one stable object for the whole grid (its members never change), so a
 * cell re-renders only when its own shifts do, not on every change of the screen (docs/ARCHITECTURE.md §7).
 */
export type PlannerActions = {
  add: (target: MoveTarget, opener: string) => void;
  edit: (shift: ShiftDto, opener: string) => void;
  remove: (shift: ShiftDto) => void;
  findings: (shift: ShiftDto) => void;
  menu: (shift: ShiftDto, opener: string) => void;
  /** "Tag kopieren …" / "Zeile kopieren …" (docs/PRODUCT-RULES.md §31.7); locationId null: all locations. */
  copyDay?: (date: string, locationId: number | null) => void;
};

type CellProps = {
  target: MoveTarget;
  /** Unique per cell: "loc-3|2026-11-23", "emp-7|…", "open|…"; the "+" carries it for focus to return to it. */
  cellKey: string;
  weekStart: string;
  isToday: boolean;
  shifts: ShiftDto[];
  heading: "employee" | "location";
  /** The row and the day, "Bahnhof, Di 24.11.": the "+" names it, drag and drop announce it. */
  place: string;
  canEdit: boolean;
  actions: PlannerActions;
  findings: Map<number, FindingDto[]>;
  applicants?: Map<number, unknown[]>;
  /** Holidays of this cell's location only (the day's header names those of every location). */
  holidays?: string[];
};

/** "Feiertag: Berchtoldstag" (docs/PRODUCT-RULES.md §22), two on one day joined. */
export function HolidayNote({ names }: { names: string[] | undefined }) {
  if (!names) return null;
  return (
    <span className="mt-0.5 block text-xs font-normal leading-tight text-rose-800">Feiertag: {names.join(", ")}</span>
  );
}

/** The day columns' headers of both planner views: "Mo 23.11.", today marked, the day's holidays under it. */
export function DayHeaders({
  days,
  today,
  holidays,
  onCopy,
}: {
  days: string[];
  today: string;
  holidays: Map<string, string[]>;
  /** Planners in the view by location: a "Tag kopieren …" button under the day (docs/PRODUCT-RULES.md §31.7). */
  onCopy?: (date: string, locationId: null) => void;
}) {
  return days.map((day, i) => (
    <th
      key={day}
      scope="col"
      aria-current={day === today ? "date" : undefined}
      className={classNames(
        "px-2 py-2 text-left font-medium",
        day === today ? "bg-blue-50 text-blue-900" : "text-slate-700",
      )}
    >
      {WEEKDAYS_SHORT[i]} {formatDayMonth(day)}
      <HolidayNote names={holidays.get(day)} />
      {onCopy && (
        <button
          type="button"
          className="mt-1 block min-h-8 rounded text-xs font-normal text-blue-700 underline-offset-2 hover:underline"
          aria-label={`Tag kopieren: ${WEEKDAYS_SHORT[i]} ${formatDayMonth(day)}`}
          onClick={() => onCopy(day, null)}
        >
          Tag kopieren …
        </button>
      )}
    </th>
  ));
}

/** One day of one row: its shifts, sorted by start, and the "+" that adds one there (docs/PRODUCT-RULES.md §16.4). */
function PlannerCellView(props: CellProps) {
  const { Cell } = useDndParts();
  const { target, cellKey, shifts, canEdit, actions, place } = props;
  return (
    <Cell
      target={target}
      place={place}
      className={`border-l border-slate-100 p-1 ${props.isToday ? "bg-blue-50/40" : ""}`}
    >
      <div className="flex flex-col gap-1">
        <HolidayNote names={props.holidays} />
        {shifts.map((shift) => (
          <PlannerChip
            key={shift.id}
            shift={shift}
            weekStart={props.weekStart}
            heading={props.heading}
            canEdit={canEdit}
            actions={actions}
            findings={props.findings.get(shift.id)}
            applicants={props.applicants?.get(shift.id)?.length}
          />
        ))}
        {canEdit && (
          <button
            type="button"
            data-add={cellKey}
            onClick={() => actions.add(target, `button[data-add="${cellKey}"]`)}
            aria-label={`Schicht hinzufügen: ${place}`}
            className={classNames(
              "min-h-8 rounded-md border border-dashed border-slate-300 text-slate-500 max-lg:min-h-11",
              "hover:border-accent hover:text-accent-dark",
            )}
          >
            +
          </button>
        )}
      </div>
    </Cell>
  );
}

/** Equal when the cell's shifts are the same objects (a move replaces only the shifts it touches). */
function sameCell(a: CellProps, b: CellProps): boolean {
  for (const key of Object.keys(a) as (keyof CellProps)[]) {
    if (key === "shifts" || key === "target" || key === "holidays") continue;
    if (a[key] !== b[key]) return false;
  }
  const targetA = a.target;
  const targetB = b.target;
  return (
    targetA.date === targetB.date &&
    targetA.locationId === targetB.locationId &&
    targetA.employeeId === targetB.employeeId &&
    a.shifts.length === b.shifts.length &&
    a.shifts.every((shift, i) => shift === b.shifts[i]) &&
    a.holidays?.join("|") === b.holidays?.join("|")
  );
}

export const PlannerCell = memo(PlannerCellView, sameCell);

type ChipProps = {
  shift: ShiftDto;
  weekStart: string;
  heading: "employee" | "location";
  canEdit: boolean;
  actions: PlannerActions;
  findings?: FindingDto[];
  applicants?: number;
};

/**
 * A shift's chip in the planner and, for planners, its "Verschieben / Kopieren nach …" button: the keyboard's and
 * the phone's way to what dragging does (docs/PRODUCT-RULES.md §27.2). A copy not yet saved (negative id) has no
 * controls until the server's answer replaces it.
 */
const PlannerChip = memo(function PlannerChip(props: ChipProps) {
  const { Chip } = useDndParts();
  const { shift, canEdit, actions } = props;
  // Proposal mode draws the proposed and the still open shifts its own way (docs/PRODUCT-RULES.md §28.4).
  const mark = useContext(ProposalMarksContext)?.get(shift.id);
  // Changed since the last publication: staff still see it as it was (docs/PRODUCT-RULES.md §33.3).
  const unpublished = useContext(UnpublishedShiftsContext)?.has(shift.id) ?? false;
  // A running offer to give it away or swap it (docs/PRODUCT-RULES.md §35.7).
  const swap = useContext(SwapMarksContext)?.get(shift.id);
  // Several shifts at once (docs/PRODUCT-RULES.md §31.7): only this chip re-renders when it is (un)selected.
  const selection = useContext(ShiftSelectionContext);
  const selected = useShiftSelected(shift.id);
  const editable = canEdit && shift.id > 0;
  const opener = `[data-testid="shift"][data-shift-id="${shift.id}"] button`;
  const name = shiftName(shift, props.weekStart);
  if (mark) return <ProposalChip shift={shift} mark={mark} heading={props.heading} />;
  const chip = (
    <ShiftChip
      shift={shift}
      variant="grid"
      heading={props.heading}
      onEdit={editable ? () => actions.edit(shift, opener) : undefined}
      onDelete={editable ? () => actions.remove(shift) : undefined}
      findings={props.findings}
      onFindings={() => actions.findings(shift)}
      applicants={props.applicants}
      unpublished={unpublished}
      swap={swap}
    />
  );
  if (!editable) return chip;
  const menuOpener = `button[data-move-menu="${shift.id}"]`;
  return (
    <Chip shift={shift} name={name}>
      <div
        className={selected ? "rounded-md ring-2 ring-blue-600 ring-offset-1" : undefined}
        onClickCapture={(event) => {
          // Shift+click adds the chip to the selection instead of opening it.
          if (!event.shiftKey || !selection) return;
          event.preventDefault();
          event.stopPropagation();
          selection.toggle(shift.id);
        }}
      >
        {chip}
      </div>
      {selection && (
        <button
          type="button"
          data-select={shift.id}
          aria-pressed={selected}
          aria-label={`Auswählen: ${name}`}
          title="Auswählen (Shift+Klick)"
          onClick={() => selection.toggle(shift.id)}
          className={classNames(
            "rounded text-xs text-slate-600 hover:bg-slate-100",
            selected ? "bg-blue-100 text-blue-900" : "",
            // On the desktop it shows on hover and focus only, like the move button: the ring marks a selected chip,
            // and the name under the button stays readable.
            "lg:absolute lg:right-12 lg:top-0.5 lg:p-1 lg:opacity-0 lg:focus:opacity-100",
            "lg:group-hover/chip:opacity-100 lg:group-focus-within/chip:opacity-100",
            "max-lg:mt-1 max-lg:flex max-lg:min-h-11 max-lg:w-full max-lg:items-center max-lg:justify-center",
            "max-lg:border max-lg:border-slate-200",
          )}
        >
          {selected ? "☑" : "☐"}
          <span className="lg:sr-only"> Auswählen</span>
        </button>
      )}
      <button
        type="button"
        data-move-menu={shift.id}
        onClick={() => actions.menu(shift, menuOpener)}
        aria-label={`Verschieben / Kopieren nach …: ${name}`}
        title="Verschieben / Kopieren nach …"
        className={classNames(
          "rounded text-slate-500 hover:bg-slate-100 hover:text-slate-900",
          "lg:absolute lg:right-6 lg:top-0.5 lg:p-1 lg:opacity-0 lg:focus:opacity-100",
          "lg:group-hover/chip:opacity-100 lg:group-focus-within/chip:opacity-100",
          "max-lg:mt-1 max-lg:flex max-lg:min-h-11 max-lg:w-full max-lg:items-center max-lg:justify-center",
          "max-lg:gap-1 max-lg:border max-lg:border-slate-200 max-lg:bg-white max-lg:text-xs",
        )}
      >
        <svg width="14" height="14" viewBox="0 0 20 20" aria-hidden="true">
          <path
            d="M3 7h12m0 0-3-3m3 3-3 3M17 13H5m0 0 3-3m-3 3 3 3"
            stroke="currentColor"
            strokeWidth="1.8"
            fill="none"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span className="lg:sr-only">Verschieben</span>
      </button>
    </Chip>
  );
});
