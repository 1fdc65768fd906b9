"use client";
import { createContext, useCallback, useContext, useSyncExternalStore } from "react";

/**
 * The planner's selection of shifts (docs/PRODUCT-RULES.md §31.7), outside React state: a chip subscribes to its own
 * id and re-renders only when it is selected or unselected, and the bar to the count. The store object never
 * changes, so providing it re-renders nothing on a week switch or a drop (budget P13, docs/PERFORMANCE.md).
 */
export class ShiftSelection {
  private ids = new Set<number>();
  private listeners = new Map<number | "all", Set<() => void>>();

  has = (id: number) => this.ids.has(id);
  get size() {
    return this.ids.size;
  }
  list = () => [...this.ids];

  toggle(id: number) {
    if (this.ids.has(id)) this.ids.delete(id);
    else this.ids.add(id);
    this.emit([id]);
  }

  clear() {
    if (this.ids.size === 0) return;
    const was = [...this.ids];
    this.ids = new Set();
    this.emit(was);
  }

  subscribe(key: number | "all", listener: () => void) {
    const set = this.listeners.get(key) ?? new Set();
    set.add(listener);
    this.listeners.set(key, set);
    return () => {
      set.delete(listener);
    };
  }

  private emit(ids: number[]) {
    for (const id of ids) this.listeners.get(id)?.forEach((listener) => listener());
    this.listeners.get("all")?.forEach((listener) => listener());
  }
}

export const ShiftSelectionContext = createContext<ShiftSelection | null>(null);

/** Whether this shift is selected; re-renders the caller only when that changes. */
export function useShiftSelected(id: number): boolean {
  const store = useContext(ShiftSelectionContext);
  // Stable per chip, so a render of the chip does not subscribe again.
  const subscribe = useCallback(
    (listener: () => void) => (store ? store.subscribe(id, listener) : () => {}),
    [store, id],
  );
  return useSyncExternalStore(
    subscribe,
    () => store?.has(id) ?? false,
    () => false,
  );
}

/** How many shifts are selected. */
export function useSelectionSize(store: ShiftSelection): number {
  return useSyncExternalStore(
    (listener) => store.subscribe("all", listener),
    () => store.size,
    () => 0,
  );
}
