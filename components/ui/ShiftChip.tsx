"use client";
import type { FindingDto, ShiftDto } from "@/lib/shared/api-types";
import { classNames } from "@/lib/shared/class-names";
import { OPEN_SHIFT_COLORS } from "@/lib/shared/colors";
import { formatHours } from "@/lib/shared/hours";
import { FINDING_LABEL, FindingIcon } from "./FindingIcon";
import { LocationLabel } from "./LocationLabel";

type Props = {
  shift: ShiftDto;
  /**
   * "grid": the planner's compact chip, in a location's row (the location
   * colour is its left border). "card": the reports preview, which names the
   * location with its colour dot.
   */
  variant: "grid" | "card";
  /** Grid only: the chip becomes the button that edits the shift. */
  onEdit?: () => void;
  /** Grid only: a delete button, shown on hover and on keyboard focus. */
  onDelete?: () => void;
  /** Grid only: the planning rules' findings of this shift (docs/PRODUCT-RULES.md §24), shown as a marker. */
  findings?: FindingDto[];
  /** Grid only: the marker's action (the planner opens its "Hinweise" list there). */
  onFindings?: () => void;
  /** Grid only: how many employees applied for this open shift (planners, docs/PRODUCT-RULES.md §26.5). */
  applicants?: number;
  /** Grid only: what the chip's first line names; "location" in the planner's view by employee (§27.4). */
  heading?: "employee" | "location";
  /** Grid only: changed since the last publication, staff do not see it so yet (docs/PRODUCT-RULES.md §33.3). */
  unpublished?: boolean;
  /** Grid only: a running offer to give it away or swap it, "Tausch: wartet" (docs/PRODUCT-RULES.md §35.7). */
  swap?: { text: string; waiting: boolean };
};

/**
 * One shift: who works (or "Offen" on the open shift's colours,
 * lib/shared/colors.ts), the times with the hours, and the custom name.
 */
/**
 * A chip's first lines, shared by saved shifts and proposals: the person (or "Offen") and the time with the hours.
 * Lines break between words only; a word wider than the chip ends in "…", the title names it whole (§29.5). The time
 * sits on a line of its own and the hours after it, so narrow columns wrap between them, not inside.
 */
export function ChipHeadline({
  title,
  open,
  shift,
}: {
  title: string;
  open: boolean;
  shift: Pick<ShiftDto, "start_time" | "end_time" | "hours">;
}) {
  return (
    <>
      <span
        title={title}
        className={classNames(
          "block overflow-hidden text-ellipsis font-medium leading-tight",
          open ? "text-amber-900" : "text-slate-900",
        )}
      >
        {title}
      </span>
      <span className="flex flex-wrap gap-x-1 tabular-nums text-slate-700">
        <span className="whitespace-nowrap">
          {shift.start_time}–{shift.end_time}
        </span>
        <span className="whitespace-nowrap">· {formatHours(shift.hours)} h</span>
      </span>
    </>
  );
}

export function ShiftChip(props: Props) {
  const { shift, variant, onEdit, onDelete, findings = [], onFindings, applicants = 0, heading = "employee" } = props;
  const { unpublished = false, swap } = props;
  const open = shift.employee_id === null;
  // Inline, from the one constant: a Tailwind class would need the colours as literals.
  const openColors = { borderColor: OPEN_SHIFT_COLORS.border, backgroundColor: OPEN_SHIFT_COLORS.background };
  const customName = shift.is_custom ? shift.custom_name : null;

  if (variant === "card") {
    return (
      <div
        className={`rounded-lg border px-3 py-2 text-sm ${open ? "" : "border-slate-200 bg-white"}`}
        style={open ? openColors : undefined}
      >
        <p className="font-semibold tabular-nums text-slate-900">
          {shift.start_time}–{shift.end_time} · {formatHours(shift.hours)} h
        </p>
        <p className={open ? "font-semibold text-amber-900" : "text-slate-800"}>
          {open ? "Offen" : shift.employee_name}
        </p>
        {customName && <p className="text-xs text-slate-600 italic">{customName}</p>}
        <p className="mt-1 text-xs text-slate-600">
          <LocationLabel
            name={shift.location_name}
            color={shift.location_color}
            dotSize="size-2.5"
            className="gap-1.5"
          />
        </p>
      </div>
    );
  }

  const applied = open && applicants > 0 ? (applicants === 1 ? "1 Bewerbung" : `${applicants} Bewerbungen`) : null;
  const title = heading === "location" ? shift.location_name : (shift.employee_name ?? "Offen");
  const label =
    `${title}, ${shift.start_time}–${shift.end_time}, ${formatHours(shift.hours)} Stunden` +
    (customName ? `, ${customName}` : "") +
    (applied ? `, ${applied}` : "") +
    (unpublished ? ", nicht veröffentlicht" : "") +
    (swap ? `, ${swap.text}` : "");
  const body = (
    <>
      <ChipHeadline title={title} open={open} shift={shift} />
      {customName && (
        <span title={customName} className="block overflow-hidden text-ellipsis italic text-slate-600">
          {customName}
        </span>
      )}
      {/* Visible text, not a colour or a number alone: it is read as part of the chip's name too. */}
      {applied && (
        <span
          data-testid="shift-applicants"
          className="mt-0.5 inline-block rounded bg-amber-200 px-1 text-[11px] font-semibold leading-4 text-amber-950"
        >
          {applied}
        </span>
      )}
      {/* Text, not the dashed border alone: read as part of the chip's name too. */}
      {unpublished && (
        <span
          data-testid="shift-unpublished"
          className="mt-0.5 inline-block rounded bg-violet-100 px-1 text-[11px] font-semibold leading-4 text-violet-900"
        >
          Entwurf
        </span>
      )}
      {/* Words, not a colour: open and waiting differ in text as well as in fill. */}
      {swap && " "}
      {swap && (
        <span
          data-testid="shift-swap"
          className={classNames(
            "mt-0.5 inline-block rounded px-1 text-[11px] font-semibold leading-4",
            swap.waiting ? "bg-sky-700 text-white" : "bg-sky-100 text-sky-900",
          )}
        >
          <span aria-hidden="true">⇄ </span>
          {swap.text}
        </span>
      )}
    </>
  );
  return (
    <div
      data-testid="shift"
      data-shift-id={shift.id}
      data-open={open || undefined}
      data-unpublished={unpublished || undefined}
      className={classNames(
        "group relative rounded-md border border-l-4 text-xs",
        !open && "border-slate-200 bg-white",
        unpublished && "outline-2 outline-offset-1 outline-violet-500 outline-dashed",
      )}
      style={open ? openColors : { borderLeftColor: shift.location_color }}
    >
      {onEdit ? (
        <button
          type="button"
          onClick={onEdit}
          className="block w-full rounded-md px-1.5 py-1 pr-5 text-left hover:bg-slate-900/5 max-sm:pr-1.5"
        >
          {/* The visible text is the button's name (WCAG 2.5.3), introduced for screen readers. */}
          <span className="sr-only">Schicht bearbeiten: </span>
          {body}
        </button>
      ) : (
        <div className={classNames("px-1.5 py-1", findings.length > 0 && "pr-5")} aria-label={label}>
          {body}
        </div>
      )}
      {findings.length > 0 && <FindingMarker findings={findings} onClick={onFindings} />}
      {onDelete && (
        <button
          type="button"
          onClick={onDelete}
          aria-label={`Schicht löschen: ${label}`}
          // On phones and touch screens a 44 px row of its own under the chip, so the name keeps the chip's width
          // (docs/PRODUCT-RULES.md §29.5).
          className={classNames(
            "flex items-center justify-center gap-1 rounded text-slate-500 hover:bg-red-50 hover:text-red-700",
            "sm:pointer-fine:absolute sm:pointer-fine:right-0.5 sm:pointer-fine:top-0.5 sm:pointer-fine:p-1",
            "sm:pointer-fine:opacity-0 sm:pointer-fine:focus:opacity-100 sm:pointer-fine:group-hover:opacity-100",
            "sm:pointer-fine:group-focus-within:opacity-100 max-lg:opacity-100",
            // The word "Löschen" is text on the chip's tint (amber for open shifts): slate-700 keeps its contrast.
            "max-sm:min-h-11 max-sm:w-full max-sm:border-t max-sm:border-slate-200 max-sm:text-xs",
            "max-sm:text-slate-700",
            "pointer-coarse:min-h-11 pointer-coarse:w-full pointer-coarse:border-t pointer-coarse:border-slate-200",
            "pointer-coarse:text-slate-700",
          )}
        >
          <svg width="14" height="14" viewBox="0 0 20 20" aria-hidden="true">
            <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span aria-hidden="true" className="sm:pointer-fine:hidden">
            Löschen
          </span>
        </button>
      )}
    </div>
  );
}

/**
 * The chip's sign that the rules found something: red for an error, amber for warnings, the shape telling them
 * apart too. Mouse users read the messages in its tooltip (`title`); it is a button, so keyboard and screen reader
 * users reach it, hear the messages as its name and open the planner's list with it.
 */
function FindingMarker({ findings, onClick }: { findings: FindingDto[]; onClick?: () => void }) {
  const severity = findings.some((finding) => finding.severity === "error") ? "error" : "warning";
  const text = findings.map((finding) => `${FINDING_LABEL[finding.severity]}: ${finding.message}`);
  return (
    <button
      type="button"
      data-testid="shift-findings"
      data-severity={severity}
      title={text.join("\n")}
      onClick={onClick}
      className={classNames(
        "absolute bottom-0.5 right-0.5 flex items-center gap-0.5 rounded p-0.5 text-[10px] font-semibold",
        severity === "error" ? "text-red-800 hover:bg-red-50" : "text-amber-900 hover:bg-amber-50",
      )}
    >
      <FindingIcon severity={severity} size={14} />
      {findings.length > 1 && <span aria-hidden="true">{findings.length}</span>}
      <span className="sr-only">{text.join(". ")}</span>
    </button>
  );
}
