"use client";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/Button";
import { EmptyState, LoadingState } from "@/components/ui/States";
import type { Resource } from "@/lib/client/use-resource";

/** Loaded data together with the period/filter it belongs to. */
export type Keyed<T> = { key: string; value: T };

export const keyed = async <T,>(key: string, load: Promise<T>): Promise<Keyed<T>> => ({ key, value: await load });

type Props<T> = { resource: Resource<Keyed<T>>; dataKey: string; children: (value: T) => ReactNode };

/**
 * Shows data of the chosen period. While another period loads, the previous
 * one stays (dimmed, marked busy) instead of a blank panel.
 */
export function PeriodData<T>({ resource, dataKey, children }: Props<T>) {
  const { data, failed, reload } = resource;
  const current = data?.key === dataKey;
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
  if (!data) return <LoadingState />;
  return (
    <div aria-busy={!current} className={current ? "" : "opacity-60 transition-opacity"}>
      {children(data.value)}
    </div>
  );
}
