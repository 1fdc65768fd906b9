"use client";
import { Button } from "@/components/ui/Button";
import { FindingIcon } from "@/components/ui/FindingIcon";
import type { FindingDto } from "@/lib/shared/api-types";

export const FINDINGS_PANEL_ID = "week-findings";

const worst = (findings: FindingDto[]) => (findings.some((f) => f.severity === "error") ? "error" : "warning");

/**
 * The button beside the week switcher that opens the week's findings, "Hinweise (n)" (docs/PRODUCT-RULES.md
 * §16.4); a quiet "Keine Hinweise" when the rules found nothing.
 */
export function FindingsToggle({
  findings,
  open,
  onToggle,
}: {
  findings: FindingDto[];
  open: boolean;
  onToggle: () => void;
}) {
  if (findings.length === 0)
    return <p className="flex min-h-11 items-center px-1 text-sm text-slate-600">Keine Hinweise</p>;
  return (
    <Button variant="secondary" aria-expanded={open} aria-controls={FINDINGS_PANEL_ID} onClick={onToggle}>
      <FindingIcon severity={worst(findings)} />
      Hinweise ({findings.length})
    </Button>
  );
}
