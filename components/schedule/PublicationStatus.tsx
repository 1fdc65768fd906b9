/**
 * Under the planner's heading while publishing is on (docs/PRODUCT-RULES.md §33.3): how many of the week's changes
 * staff do not see yet, or that they see it all.
 */
export function PublicationStatus({ unpublished }: { unpublished: number }) {
  if (unpublished === 0)
    return (
      <p className="mt-1 text-sm text-slate-600" data-testid="publication-status">
        Alles veröffentlicht
      </p>
    );
  return (
    <p className="mt-1 flex items-center gap-2 text-sm font-medium text-violet-800" data-testid="publication-status">
      <span className="size-2 rounded-full bg-violet-600" aria-hidden="true" />
      {unpublished === 1 ? "1 Änderung nicht veröffentlicht" : `${unpublished} Änderungen nicht veröffentlicht`}
    </p>
  );
}
