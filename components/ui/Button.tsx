import type { ButtonHTMLAttributes } from "react";
import { classNames } from "@/lib/shared/class-names";

const VARIANTS = {
  // #2563EB: white text on the lighter accent #3B82F6 misses WCAG AA contrast.
  primary: "bg-accent-dark text-white hover:bg-blue-700",
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
  danger: "bg-red-600 text-white hover:bg-red-700",
  ghost: "text-slate-700 hover:bg-slate-100",
} as const;

type Props = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: keyof typeof VARIANTS; size?: "md" | "sm" };

/** The app's button: 44 px touch target on phones (docs/PRODUCT-RULES.md §19), disabled look while busy. */
export function Button({ variant = "primary", size = "md", className = "", type = "button", ...props }: Props) {
  const sizing = size === "sm" ? "min-h-9 px-3 py-1.5 text-sm max-sm:min-h-11" : "min-h-11 px-4 py-2";
  return (
    <button
      type={type}
      className={classNames(
        "inline-flex items-center justify-center gap-2 rounded-lg font-medium transition-colors",
        "disabled:cursor-not-allowed disabled:opacity-60",
        sizing,
        VARIANTS[variant],
        className,
      )}
      {...props}
    />
  );
}
