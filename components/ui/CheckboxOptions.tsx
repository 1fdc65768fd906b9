"use client";

type CheckboxOptionsProps<T extends string> = {
  /** Prefix of each checkbox's id: `${idPrefix}-${option}` (tests and labels find them by it). */
  idPrefix: string;
  options: readonly T[];
  /** The German label; the option's own code is shown small below it (what the API and the docs call it). */
  labels: Record<T, string>;
  selected: readonly T[];
  onToggle: (option: T, checked: boolean) => void;
  /** The error shown below the list by the caller, whose element has this id. */
  errorId?: string;
};

/**
 * A list of checkboxes with a label and its API code each: the scopes of an access token, the events of a webhook
 * (components/integrations/). Each row is at least 44 px high, for fingers.
 */
export function CheckboxOptions<T extends string>({
  idPrefix,
  options,
  labels,
  selected,
  onToggle,
  errorId,
}: CheckboxOptionsProps<T>) {
  return options.map((option) => (
    <label key={option} className="flex min-h-11 cursor-pointer items-start gap-3 py-2">
      <input
        id={`${idPrefix}-${option}`}
        type="checkbox"
        className="mt-0.5 size-4 shrink-0"
        checked={selected.includes(option)}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        onChange={(event) => onToggle(option, event.target.checked)}
      />
      <span className="min-w-0 text-sm">
        <span className="block text-slate-900">{labels[option]}</span>
        <span className="block font-mono text-xs text-slate-500">{option}</span>
      </span>
    </label>
  ));
}
