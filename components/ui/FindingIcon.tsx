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

type NoteFinding = { code: string; severity: "error" | "warning"; message: string };

/**
 * What taking a shift would mean for the reader, one line each on a card of Meine Schichten (an open shift, an offer
 * of the Schichtbörse): the refusal first ("Nicht möglich: …", red), then the warnings ("Hinweis: …", amber).
 */
export function FindingNotes({ findings }: { findings: NoteFinding[] }) {
  const refusal = findings.find((finding) => finding.severity === "error");
  const warnings = findings.filter((finding) => finding.severity === "warning");
  return [...(refusal ? [refusal] : []), ...warnings].map((finding, index) => (
    <p
      key={`${finding.code}-${index}`}
      className={`flex items-start gap-2 rounded-lg px-2 py-1.5 text-sm ${
        finding.severity === "error" ? "bg-red-50 text-red-900" : "bg-amber-50 text-amber-950"
      }`}
    >
      <span className="mt-0.5">
        <FindingIcon severity={finding.severity} size={14} />
      </span>
      <span>
        <strong className="font-semibold">{FINDING_LABEL[finding.severity]}:</strong> {finding.message}
      </span>
    </p>
  ));
}
