import type { ReactNode } from "react";
import type { Resource } from "@/lib/client/use-resource";
import { Button } from "./Button";

/** Placeholder rows while a list loads, announced to screen readers. */
export function LoadingState({ label = "Wird geladen..." }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <span className="sr-only">{label}</span>
      {[0, 1, 2].map((row) => (
        <div key={row} className="h-6 animate-pulse rounded bg-slate-100" />
      ))}
    </div>
  );
}

/** An empty list that says what to do next (docs/PRODUCT-RULES.md §19), with the action right there. */
export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      <p className="font-medium text-slate-800">{title}</p>
      {children && <p className="mt-1 text-sm text-slate-600">{children}</p>}
      {action && <div className="mt-4 flex justify-center">{action}</div>}
    </div>
  );
}

/**
 * A screen's data once it is there (the data of `useResource`): placeholder rows while the first load runs; after a
 * failed first load `failedTitle` with "Erneut versuchen" (the toast has already said what went wrong). Later loads
 * keep the data on screen, so the content never blanks.
 */
export function WhenLoaded<T>({
  resource,
  failedTitle,
  children,
}: {
  resource: Pick<Resource<T>, "data" | "failed" | "reload">;
  failedTitle: string;
  children: (data: T) => ReactNode;
}) {
  if (resource.data !== undefined) return children(resource.data);
  if (!resource.failed) return <LoadingState />;
  return (
    <EmptyState
      title={failedTitle}
      action={
        <Button variant="secondary" onClick={resource.reload}>
          Erneut versuchen
        </Button>
      }
    />
  );
}
