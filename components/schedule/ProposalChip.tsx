"use client";
import { useState } from "react";
import { ChipHeadline } from "@/components/ui/ShiftChip";
import type { ShiftDto } from "@/lib/shared/api-types";
import { classNames } from "@/lib/shared/class-names";
import { OPEN_SHIFT_COLORS } from "@/lib/shared/colors";
import type { ProposalMark } from "./auto-fill-model";

/**
 * A chip in proposal mode (docs/PRODUCT-RULES.md §28.4): a proposed person on a dashed border with the word
 * "Vorschlag" (never colour alone), or an open shift that stays open, in its open colours. Focusable, so the
 * keyboard reaches the reason: shown as a tooltip on hover and focus, and the chip's description for screen readers.
 * A tap or click opens it and a second one closes it, so it can be read on a phone, where nothing hovers; Enter or
 * Space toggle it, Escape closes it (docs/PRODUCT-RULES.md §31.1).
 */
export function ProposalChip({
  shift,
  mark,
  heading,
}: {
  shift: ShiftDto;
  mark: ProposalMark;
  heading: "employee" | "location";
}) {
  const tipId = `proposal-reason-${shift.id}`;
  const open = mark.kind === "open";
  const person = open ? "Offen" : mark.name;
  const title = heading === "location" ? shift.location_name : person;
  const times = `${shift.start_time}–${shift.end_time}`;
  const [shown, setShown] = useState(false);
  // A tap focuses the chip and clicks it: the click opens the reasons then, and closes them only when the chip
  // already had the focus before the press (a second tap).
  const [focusedBefore, setFocusedBefore] = useState(false);
  return (
    <div
      data-testid="shift"
      data-shift-id={shift.id}
      data-proposal={mark.kind}
      data-open={open || undefined}
      tabIndex={0}
      role="group"
      aria-label={`${open ? "Bleibt offen" : "Vorschlag"}: ${person}, ${shift.location_name}, ${times}`}
      aria-describedby={tipId}
      data-reasons-shown={shown || undefined}
      onPointerDown={(event) => setFocusedBefore(document.activeElement === event.currentTarget)}
      onClick={() => setShown((was) => (focusedBefore ? !was : true))}
      onFocus={() => setShown(true)}
      onBlur={() => setShown(false)}
      onKeyDown={(event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          setShown((was) => !was);
        } else if (event.key === "Escape" && shown) {
          event.stopPropagation();
          setShown(false);
        }
      }}
      className={classNames(
        "group relative cursor-pointer rounded-md px-1.5 py-1 text-xs outline-offset-2 focus-visible:outline-2",
        "focus-visible:outline-accent-dark",
        open ? "border border-l-4" : "border-2 border-dashed border-slate-500 bg-slate-50",
      )}
      style={open ? { borderColor: OPEN_SHIFT_COLORS.border, backgroundColor: OPEN_SHIFT_COLORS.background } : {}}
    >
      <ChipHeadline title={title} open={open} shift={shift} />
      <span
        aria-hidden="true"
        className={classNames(
          "mt-0.5 inline-block rounded px-1 text-[11px] font-semibold leading-4",
          open ? "bg-amber-200 text-amber-950" : "bg-violet-100 text-violet-900",
        )}
      >
        {open ? "bleibt offen" : "Vorschlag"}
      </span>
      <span
        id={tipId}
        role="tooltip"
        className={classNames(
          "pointer-events-none absolute left-0 top-full z-30 mt-1 w-56 max-w-[70vw] rounded-md bg-slate-900",
          "px-2 py-1 text-xs font-normal leading-snug text-white shadow-lg",
          shown ? "block" : "hidden group-hover:block",
        )}
      >
        {mark.text}
      </span>
    </div>
  );
}
