/** The Schichtwerk mark: a week grid with one highlighted shift. */
export function BrandMark({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="38" height="38" rx="9" fill="#3B82F6" />
      <rect x="8" y="10" width="24" height="4" rx="2" fill="#fff" opacity="0.6" />
      <rect x="8" y="18" width="16" height="4" rx="2" fill="#fff" />
      <rect x="8" y="26" width="20" height="4" rx="2" fill="#fff" opacity="0.6" />
    </svg>
  );
}
