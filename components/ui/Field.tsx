import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
import { classNames } from "@/lib/shared/class-names";
import { MAX_DATE, MIN_DATE } from "@/lib/shared/dates";

export const inputClass = classNames(
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900",
  "disabled:bg-slate-100 aria-[invalid=true]:border-red-500",
);

/**
 * A number field typed as text (docs/PRODUCT-RULES.md §29.4): a `type="number"` input drops "32,5" in Chromium and
 * answers "", so de-CH's decimal comma never arrived. `inputMode` still brings the phone's number keyboard; the
 * value is read with `parseDecimalInput` (lib/shared/decimal-input.ts).
 */
export const decimalInput = {
  type: "text",
  inputMode: "decimal",
  pattern: "[0-9]*[.,]?[0-9]*",
  autoComplete: "off",
} as const;
/** The same for whole numbers (minutes of a break). */
export const integerInput = { type: "text", inputMode: "numeric", pattern: "[0-9]*", autoComplete: "off" } as const;
/**
 * A date field limited to the API's window (docs/PRODUCT-RULES.md §30.1): the picker offers no day outside it. A
 * field with a tighter limit (the other end of a range, today) names its own `min`/`max` after the spread.
 */
export const dateInput = { type: "date", min: MIN_DATE, max: MAX_DATE } as const;

type Labelled = { id: string; label: string; error?: string; hint?: ReactNode };
type Props = InputHTMLAttributes<HTMLInputElement> & Labelled;
type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & Labelled;

/** The attributes that tie a control to its error and hint (for screen readers). */
function described({ id, error, hint }: Omit<Labelled, "label">) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return { "aria-invalid": error ? true : undefined, "aria-describedby": describedBy };
}

/** Label above, hint and error below: the frame every labelled control shares. */
function FieldFrame({
  id,
  label,
  error,
  hint,
  className = "",
  children,
}: Labelled & {
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`space-y-1 ${className}`}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled input with its error under it (the error is tied to the field for screen readers). */
export function Field({ id, label, error, hint, className = "", ...input }: Props) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      <input id={id} {...described({ id, error, hint })} className={inputClass} {...input} />
    </FieldFrame>
  );
}

/** The same for a multi-line text (notes, a reason). */
export function TextAreaField({ id, label, error, hint, className = "", rows = 2, ...textarea }: TextAreaProps) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      <textarea id={id} rows={rows} {...described({ id, error, hint })} className={inputClass} {...textarea} />
    </FieldFrame>
  );
}
