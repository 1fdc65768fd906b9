"use client";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/Button";
import { inputClass } from "@/components/ui/Field";
import { ModalActions } from "@/components/ui/Modal";
import { notify } from "@/lib/client/notify";

type Props = {
  token: string;
  name: string;
  /** Copied, by the button or by hand: closing need not ask any more. */
  onCopied: () => void;
  onDone: () => void;
};

/**
 * A new access token, shown this once (docs/PRODUCT-RULES.md §36.1: only its hash is kept). The field takes the
 * focus with the token selected, so it can be copied by hand where the browser has no clipboard (http:// on the
 * shop's network).
 */
export function ShownOnceToken({ token, name, onCopied, onDone }: Props) {
  const field = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    field.current?.focus();
  }, []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(token);
      onCopied();
      notify.success("Kopiert!");
    } catch {
      // No clipboard API: the old copy command on the selected text (its `copy` event counts as copied), else the
      // token stays selected for Ctrl+C.
      field.current?.focus();
      field.current?.select();
      if (document.execCommand("copy")) notify.success("Kopiert!");
      else notify.error("Kopieren nicht möglich – das Token ist markiert, kopiere es mit Strg+C (Mac: ⌘+C)");
    }
  }

  return (
    <div className="space-y-4">
      <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 font-medium text-amber-900">
        Kopiere das Token jetzt – es wird nur einmal angezeigt.
      </p>
      <div className="space-y-2">
        <label htmlFor="token-secret" className="block text-sm font-medium text-slate-700">
          Token für «{name}»
        </label>
        <textarea
          ref={field}
          id="token-secret"
          readOnly
          rows={1}
          spellCheck={false}
          value={token}
          onFocus={(event) => event.currentTarget.select()}
          onCopy={onCopied}
          aria-describedby="token-secret-hint"
          className={`${inputClass} field-sizing-content resize-none font-mono text-sm break-all`}
        />
        <p id="token-secret-hint" className="text-xs text-slate-600">
          Im System als <code className="font-mono">Authorization: Bearer …</code> eintragen. Schichtwerk speichert nur
          einen Fingerabdruck davon: geht es verloren, widerrufst du es und erstellst ein neues.
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
