import type { InputHTMLAttributes, ReactNode } from "react";
import { classNames } from "@/lib/shared/class-names";

export const inputClass = classNames(
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900",
  "disabled:bg-slate-100 aria-[invalid=true]:border-red-500",
);

type Props = InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; error?: string; hint?: ReactNode };

/** A labelled input with its error under it (the error is tied to the field for screen readers). */
export function Field({ id, label, error, hint, className = "", ...input }: Props) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`space-y-1 ${className}`}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={inputClass}
        {...input}
      />
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
