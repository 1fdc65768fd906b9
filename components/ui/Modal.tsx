"use client";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { classNames } from "@/lib/shared/class-names";
import { Button } from "./Button";

const WIDTHS = { md: "max-w-lg", lg: "max-w-3xl", xl: "max-w-5xl" } as const;

type Props = {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Wider dialogs: lg for lists (a template's week), xl for forms with rows of fields (template shifts). */
  size?: "md" | "lg" | "xl";
};

/** What may take the focus on open: a form field that can be used. */
const FIELD = "input:not([type=hidden]):not(:disabled), select:not(:disabled), textarea:not(:disabled)";

/**
 * Where the focus starts (docs/PRODUCT-RULES.md §29.4): an element marked `data-autofocus` (a confirmation's
 * "Abbrechen"), else the first field. `showModal()` alone would put it on the first focusable element, the close
 * button, and React's `autoFocus` runs before `showModal()`, so it is lost. A dialog with neither (a view) keeps the
 * browser's choice.
 */
function initialFocus(dialog: HTMLDialogElement): HTMLElement | null {
  return dialog.querySelector<HTMLElement>("[data-autofocus]") ?? dialog.querySelector<HTMLElement>(FIELD);
}

/**
 * A modal dialog on the native <dialog>: the browser traps focus, makes the
 * page behind it inert and closes it with Escape (docs/PRODUCT-RULES.md §19). On phones it is a
 * full-width sheet.
 */
export function Modal({ open, title, onClose, children, size = "md" }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      initialFocus(dialog)?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className={classNames(
        "m-auto w-full rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl",
        "backdrop:bg-slate-900/40 max-sm:mb-0 max-sm:max-w-none max-sm:rounded-b-none",
        WIDTHS[size],
      )}
    >
      {open && (
        <div className="max-h-[90dvh] overflow-y-auto p-6">
          <div className="mb-4 flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              aria-label="Schliessen"
              className="-m-2 rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
            >
              <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
                <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}

/** The row of buttons at the bottom of a dialog. */
export function ModalActions({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>;
}

/** "Abbrechen" and the submit button of a form in a dialog, both disabled while it saves. */
export function FormActions({
  busy,
  onCancel,
  label = "Speichern",
  busyLabel = "Wird gespeichert...",
}: {
  busy: boolean;
  onCancel: () => void;
  label?: string;
  busyLabel?: string;
}) {
  return (
    <ModalActions>
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        Abbrechen
      </Button>
      <Button type="submit" disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
    </ModalActions>
  );
}
