"use client";
import type { ReactNode } from "react";
import { notify } from "@/lib/client/notify";
import { announceChange } from "@/lib/client/undo";
import { useAction } from "@/lib/client/use-action";
import { ConfirmDialog } from "./ConfirmDialog";

type Props<T> = {
  /** What the user asked to delete; null keeps the dialog closed. */
  item: T | null;
  title: string;
  message: string | ((item: T) => string);
  /** A second line, e.g. the counts of what an archive changes (docs/PRODUCT-RULES.md §29.4). */
  detail?: (item: T) => ReactNode;
  /** The write, e.g. `(shift) => api.delete(`/shifts/${shift.id}`)`. */
  remove: (item: T) => Promise<unknown>;
  /** The red button's text when it is not a plain "Löschen" (e.g. "Zurückziehen"). */
  confirmLabel?: string;
  /** The success toast, e.g. "Schicht gelöscht!". */
  success: string;
  /** Closes the dialog (the screen forgets `item`). */
  onClose: () => void;
  /** After the delete, with the dialog closed: the screen loads its data again. */
  onDeleted: () => Promise<void>;
  /**
   * For a plan write that answers a `change_id` (docs/PRODUCT-RULES.md §27.7): the toast offers "Rückgängig",
   * and this reloads the screen after an undo.
   */
  onUndone?: () => void;
};

/**
 * A screen's delete: asks first (ConfirmDialog), then deletes with the success
 * toast or the server's message (fallback "Fehler beim Löschen",
 * docs/PRODUCT-RULES.md §20), closes and reloads. After a failure the dialog
 * stays open, so the user can try again or cancel.
 */
export function ConfirmDelete<T>({
  item,
  title,
  message,
  detail,
  confirmLabel,
  remove,
  success,
  onClose,
  onDeleted,
  onUndone,
}: Props<T>) {
  const { run } = useAction();

  async function confirm(target: T) {
    const deleted = await run(
      async () => {
        const answer = await remove(target);
        const changeId = (answer as { change_id?: unknown } | undefined)?.change_id;
        if (onUndone && typeof changeId === "string") announceChange({ message: success, changeId, onUndone });
        else notify.success(success);
      },
      { failure: "Fehler beim Löschen" },
    );
    if (!deleted) return;
    onClose();
    await onDeleted();
  }

  return (
    <ConfirmDialog
      open={item !== null}
      title={title}
      message={item === null ? "" : typeof message === "string" ? message : message(item)}
      detail={item === null || !detail ? undefined : detail(item)}
      confirmLabel={confirmLabel}
      onConfirm={() => (item === null ? Promise.resolve() : confirm(item))}
      onClose={onClose}
    />
  );
}
