"use client";
import { useResource } from "@/lib/client/use-resource";

type Props<T> = {
  /** Whom the deletion concerns, e.g. "Anna Muster". */
  name: string;
  /** The read-only count of what the archive would change, e.g. `GET /employees/{id}/deletion-impact`. */
  load: (signal: AbortSignal) => Promise<T>;
  /** The counts as a German sentence. */
  describe: (impact: T) => string;
};

/**
 * The second line of an archive's confirmation (docs/PRODUCT-RULES.md §29.4): the name and what will happen, counted
 * by the server when the dialog opens. Without an answer the name stands alone; deleting stays possible.
 */
export function DeletionImpact<T>({ name, load, describe }: Props<T>) {
  const impact = useResource(load, "Fehler beim Laden der Daten");
  return (
    <span data-testid="deletion-impact">
      <span className="font-medium text-slate-900">{name}</span>
      {impact.data !== undefined ? (
        `: ${describe(impact.data)}`
      ) : impact.failed ? null : (
        <span role="status" className="text-slate-500">
          {" "}
          · Wird geladen...
        </span>
      )}
    </span>
  );
}
