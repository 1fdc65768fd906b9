"use client";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/Button";
import { EmptyState, LoadingState } from "@/components/ui/States";
import type { Resource } from "@/lib/client/use-resource";

/** `resource` is keyed by the query of the period (and filter); `currentKey` is the one chosen now. */
type Props<T> = { resource: Resource<T>; currentKey: string; children: (value: T) => ReactNode };

/**
 * Shows data of the chosen period. While another period loads, the previous
 * one stays (dimmed, marked busy) instead of a blank panel.
 */
export function PeriodData<T>({ resource, currentKey, children }: Props<T>) {
  const { data, dataKey, failed, reload } = resource;
  const current = dataKey === currentKey;
  if (failed && !current) {
    return (
      <EmptyState
        title="Die Daten konnten nicht geladen werden."
        action={
          <Button variant="secondary" onClick={reload}>
            Erneut versuchen
          </Button>
        }
      />
    );
  }
  if (data === undefined) return <LoadingState />;
  return (
    <div aria-busy={!current} className={current ? "" : "opacity-60 transition-opacity"}>
      {children(data)}
    </div>
  );
}
