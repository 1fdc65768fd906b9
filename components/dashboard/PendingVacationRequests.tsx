import { IntentLink } from "@/components/ui/IntentLink";
import { classNames } from "@/lib/shared/class-names";

/** A notice of what waits for a planner's decision, with the link to where it is decided. */
function WaitingNotice({ href, linkText, children }: { href: string; linkText: string; children: React.ReactNode }) {
  return (
    <div
      className={classNames(
        "flex flex-wrap items-center justify-between gap-3",
        "rounded-xl border border-sky-300 bg-sky-50 p-4 text-sm text-sky-950",
      )}
    >
      <p>{children}</p>
      <IntentLink href={href} className="font-medium text-sky-950 underline underline-offset-2">
        {linkText}
      </IntentLink>
    </div>
  );
}

/**
 * "n Ferienanträge warten auf Entscheid" for managers and admins (docs/PRODUCT-RULES.md §26.3), linking to the
 * vacations filtered to the open requests. Nothing when none wait.
 */
export function PendingVacationRequests({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <WaitingNotice href="/vacations?status=requested" linkText="Anträge ansehen">
      <strong>{count === 1 ? "1 Ferienantrag wartet" : `${count} Ferienanträge warten`}</strong> auf Entscheid.
    </WaitingNotice>
  );
}

/**
 * "n Bewerbungen auf offene Schichten warten auf Entscheid" for planners (docs/PRODUCT-RULES.md §31.6), linking to the
 * planner's week of the earliest such shift. Nothing when none wait.
 */
export function WaitingApplications({ count, weekStart }: { count: number; weekStart: string | null }) {
  if (count === 0 || weekStart === null) return null;
  return (
    <WaitingNotice href={`/schedule?week=${weekStart}`} linkText="Bewerbungen ansehen">
      <strong>{count === 1 ? "1 Bewerbung" : `${count} Bewerbungen`}</strong> auf offene Schichten{" "}
      {count === 1 ? "wartet" : "warten"} auf Entscheid.
    </WaitingNotice>
  );
}

/**
 * "n Tauschanfragen warten auf Freigabe" for planners (docs/PRODUCT-RULES.md §35.7): swaps and give-aways a colleague
 * accepted, linking to the planner, where "Tauschanfragen" lists them. Nothing when none wait.
 */
export function WaitingSwaps({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <WaitingNotice href="/schedule" linkText="Tauschanfragen ansehen">
      <strong>{count === 1 ? "1 Tauschanfrage wartet" : `${count} Tauschanfragen warten`}</strong> auf Freigabe.
    </WaitingNotice>
  );
}
