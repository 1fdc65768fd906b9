/**
 * The sign of a planning-rule finding (docs/PRODUCT-RULES.md §24): a red octagon with a bar for an error, an amber
 * triangle with "!" for a warning. The shapes differ as well as the colours (colour never alone, §19); the
 * text that goes with it (or a screen reader's) says the rest.
 */
export function FindingIcon({ severity, size = 16 }: { severity: "error" | "warning"; size?: number }) {
  return severity === "error" ? (
    <svg width={size} height={size} viewBox="0 0 20 20" aria-hidden="true" className="shrink-0 text-red-700">
      <path d="M6.5 1.5h7l5 5v7l-5 5h-7l-5-5v-7z" fill="currentColor" />
      <path d="M6 10h8" stroke="white" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  ) : (
    <svg width={size} height={size} viewBox="0 0 20 20" aria-hidden="true" className="shrink-0 text-amber-600">
      <path d="M10 1.5l9 16.5H1z" fill="currentColor" strokeLinejoin="round" />
      <path d="M10 7.5v5" stroke="white" strokeWidth="2" strokeLinecap="round" />
      <circle cx="10" cy="15.2" r="1.2" fill="white" />
    </svg>
  );
}

/** "Nicht möglich" for an error (the server refuses such a write), "Hinweis" for a warning. */
export const FINDING_LABEL = { error: "Nicht möglich", warning: "Hinweis" } as const;
