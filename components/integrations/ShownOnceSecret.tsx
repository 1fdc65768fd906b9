"use client";
import { useEffect, useRef, type ReactNode } from "react";
import { Button } from "@/components/ui/Button";
import { inputClass } from "@/components/ui/Field";
import { ModalActions } from "@/components/ui/Modal";
import { notify } from "@/lib/client/notify";

type Props = {
  /** The field's id (its hint is `<id>-hint`). */
  id: string;
  secret: string;
  /** "Token für «Kasse»", "Signaturschlüssel für «Kasse»". */
  label: string;
  /** "Kopiere das Token jetzt – es wird nur einmal angezeigt." */
  warning: string;
  /** What to do with it, under the field. */
  hint: ReactNode;
  /** The error toast when nothing could copy it: it stays selected for Ctrl+C. */
  copyFailed: string;
  /** Copied, by the button or by hand: closing need not ask any more. */
  onCopied: () => void;
  onDone: () => void;
};

/**
 * A secret shown this once: an access token (docs/PRODUCT-RULES.md §36.1, only its hash is kept) or a webhook's
 * signing secret (§37.1, kept sealed, never answered again). The field takes the focus with the secret selected, so
 * it can be copied by hand where the browser has no clipboard (http:// on the shop's network).
 */
export function ShownOnceSecret({ id, secret, label, warning, hint, copyFailed, onCopied, onDone }: Props) {
  const field = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    field.current?.focus();
  }, []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      onCopied();
      notify.success("Kopiert!");
    } catch {
      // No clipboard API: the old copy command on the selected text (its `copy` event counts as copied), else the
      // secret stays selected for Ctrl+C.
      field.current?.focus();
      field.current?.select();
      if (document.execCommand("copy")) notify.success("Kopiert!");
      else notify.error(copyFailed);
    }
  }

  return (
    <div className="space-y-4">
      <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 font-medium text-amber-900">
        {warning}
      </p>
      <div className="space-y-2">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        <textarea
          ref={field}
          id={id}
          readOnly
          rows={1}
          spellCheck={false}
          value={secret}
          onFocus={(event) => event.currentTarget.select()}
          onCopy={onCopied}
          aria-describedby={`${id}-hint`}
          className={`${inputClass} field-sizing-content resize-none font-mono text-sm break-all`}
        />
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
        <Button onClick={() => void copy()} className="max-sm:w-full">
          Kopieren
        </Button>
      </div>
      <ModalActions>
        <Button variant="secondary" onClick={onDone}>
          Fertig
        </Button>
      </ModalActions>
    </div>
  );
}
