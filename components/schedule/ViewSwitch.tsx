"use client";
import { classNames } from "@/lib/shared/class-names";
import type { PlannerView } from "./planner-address";

export type { PlannerView };

const VIEWS: { value: PlannerView; label: string }[] = [
  { value: "locations", label: "Nach Standorten" },
  { value: "employees", label: "Nach Mitarbeitenden" },
];

/**
 * "Nach Standorten | Nach Mitarbeitenden" (docs/PRODUCT-RULES.md §27.4): a segmented control made of radio
 * buttons, so the arrow keys switch and screen readers hear a group of two choices.
 */
export function ViewSwitch({ view, onChange }: { view: PlannerView; onChange: (view: PlannerView) => void }) {
  return (
    <fieldset className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5">
      <legend className="sr-only">Ansicht</legend>
      {VIEWS.map((option) => (
        <label
          key={option.value}
          className={classNames(
            "flex min-h-9 cursor-pointer items-center rounded-md px-3 text-sm font-medium max-lg:min-h-11",
            "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent",
            view === option.value ? "bg-slate-800 text-white" : "text-slate-700 hover:bg-slate-100",
          )}
        >
          <input
            type="radio"
            name="planner-view"
            value={option.value}
            checked={view === option.value}
            onChange={() => onChange(option.value)}
            className="sr-only"
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
