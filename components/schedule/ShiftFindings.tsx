import { FINDING_LABEL, FindingIcon } from "@/components/ui/FindingIcon";
import type { FindingDto } from "@/lib/shared/api-types";
import { classNames } from "@/lib/shared/class-names";

/**
 * The shift dialog's findings before saving (docs/PRODUCT-RULES.md §24): errors first, in red with "Nicht
 * möglich:" (the server will refuse the save), then warnings in amber with "Hinweis:". A live region, so a screen
 * reader hears what the last change brought.
 */
export function ShiftFindings({ findings }: { findings: FindingDto[] }) {
  const ordered = [...findings].sort((a, b) => Number(b.severity === "error") - Number(a.severity === "error"));
  return (
    <div aria-live="polite">
      {ordered.length > 0 && (
        <ul aria-label="Hinweise zur Schicht" className="space-y-1.5">
          {ordered.map((finding, index) => (
            <li
              key={`${finding.code}-${finding.related_shift_id ?? 0}-${index}`}
              className={classNames(
                "flex items-start gap-2 rounded-lg border px-3 py-2 text-sm",
                finding.severity === "error"
                  ? "border-red-300 bg-red-50 text-red-900"
                  : "border-amber-300 bg-amber-50 text-amber-950",
              )}
            >
              <span className="mt-0.5">
                <FindingIcon severity={finding.severity} />
              </span>
              <span>
                <strong className="font-semibold">{FINDING_LABEL[finding.severity]}:</strong> {finding.message}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
