"use client";
import type { Ref } from "react";
import { inputClass } from "@/components/ui/Field";

/**
 * A 2FA recovery code typed off paper (docs/PRODUCT-RULES.md §29.1): plain text, no autocomplete or capitalisation,
 * in any case with dashes or spaces – the server ignores both. Used by the login's 2FA step and by turning 2FA off
 * in the profile.
 */
export function RecoveryCodeField({
  id,
  value,
  onChange,
  disabled,
  className,
  ref,
}: {
  id: string;
  value: string;
  onChange: (code: string) => void;
  disabled: boolean;
  /** Size and alignment where it sits. */
  className: string;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Wiederherstellungscode
      </label>
      <input
        ref={ref}
        id={id}
        name={id}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={20}
        placeholder="xxxx-xxxx-xxxx"
        disabled={disabled}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={`${inputClass} font-mono ${className}`}
      />
    </div>
  );
}
