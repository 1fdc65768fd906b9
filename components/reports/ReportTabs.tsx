"use client";
import { useRef, type KeyboardEvent } from "react";
import { classNames } from "@/lib/shared/class-names";

export type TabItem<K extends string> = { key: K; label: string };

type Props<K extends string> = {
  label: string;
  tabs: TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  idPrefix: string;
};

export const tabId = (prefix: string, key: string) => `${prefix}-tab-${key}`;
export const panelId = (prefix: string, key: string) => `${prefix}-panel-${key}`;

/**
 * A tab list in the WAI-ARIA pattern: one tab stop, arrow keys (and Home/End)
 * move between the tabs and select them.
 */
export function ReportTabs<K extends string>({ label, tabs, selected, onSelect, idPrefix }: Props<K>) {
  const refs = useRef(new Map<K, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent) {
    const index = tabs.findIndex((tab) => tab.key === selected);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const key = tabs[(next + tabs.length) % tabs.length].key;
    onSelect(key);
    refs.current.get(key)?.focus();
  }

  return (
    <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className="flex gap-1 border-b border-slate-200">
      {tabs.map((tab) => {
        const active = tab.key === selected;
        return (
          <button
            key={tab.key}
            ref={(element) => {
              if (element) refs.current.set(tab.key, element);
              else refs.current.delete(tab.key);
            }}
            type="button"
            role="tab"
            id={tabId(idPrefix, tab.key)}
            // Only the selected panel is rendered: point at it from its own tab only.
            aria-controls={active ? panelId(idPrefix, tab.key) : undefined}
            aria-selected={active}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(tab.key)}
            className={classNames(
              "-mb-px min-h-11 border-b-2 px-4 text-sm font-medium",
              active
                ? "border-accent-dark text-blue-800"
                : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900",
            )}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
