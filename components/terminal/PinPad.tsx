"use client";
import { PIN_MAX, PIN_MIN } from "@/lib/shared/schemas/terminal-pin";

const KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];

type Props = { value: string; onChange: (value: string) => void; disabled?: boolean };

/** Digits only, 72 px keys for a wet thumb at the door (docs/PRODUCT-RULES.md §32.4). */
export function PinPad({ value, onChange, disabled = false }: Props) {
  const press = (digit: string) => value.length < PIN_MAX && onChange(value + digit);
  const key = "h-[72px] rounded-xl bg-white text-3xl font-semibold text-slate-900 shadow-sm ring-1 ring-slate-300";
  return (
    <div>
      <div
        className="mb-4 flex h-12 items-center justify-center gap-3"
        aria-label={`PIN, ${value.length} von ${PIN_MIN} bis ${PIN_MAX} Ziffern`}
        role="status"
      >
        {Array.from({ length: Math.max(PIN_MIN, value.length) }, (_, index) => (
          <span
            key={index}
            className={`h-4 w-4 rounded-full ${index < value.length ? "bg-slate-900" : "border-2 border-slate-400"}`}
          />
        ))}
      </div>
      <div className="grid grid-cols-3 gap-3">
        {KEYS.map((digit) => (
          <button key={digit} type="button" className={key} disabled={disabled} onClick={() => press(digit)}>
            {digit}
          </button>
        ))}
        <button
          type="button"
          className={`${key} text-lg`}
          disabled={disabled || value === ""}
          onClick={() => onChange("")}
        >
          Löschen
        </button>
        <button type="button" className={key} disabled={disabled} onClick={() => press("0")}>
          0
        </button>
        <button
          type="button"
          className={`${key} text-2xl`}
          aria-label="Letzte Ziffer löschen"
          disabled={disabled || value === ""}
          onClick={() => onChange(value.slice(0, -1))}
        >
          ⌫
        </button>
      </div>
    </div>
  );
}
