"use client";
import { useEffect, useRef } from "react";
import { api, errorMessage } from "./api";
import { currentUserId } from "./auth-store";
import { notify, type ToastButton } from "./notify";

/**
 * Undo in the browser (docs/PRODUCT-RULES.md §27.7): every plan write's success toast offers "Rückgängig" for
 * 10 s, and Ctrl+Z (⌘Z) in the planner undoes the last change made in this browser. The last change is kept in
 * localStorage, so it is the same for every tab and survives a reload.
 */
const LAST_CHANGE_KEY = "schichtwerk.last-change";
const UNDO_TOAST_MS = 10_000;

/** Kept with the user who made it: on a shared computer, the next person's Ctrl+Z never undoes it. */
type LastChange = { changeId: string; message: string; userId: number | null };

function rememberLastChange(change: LastChange | null) {
  try {
    if (change) localStorage.setItem(LAST_CHANGE_KEY, JSON.stringify(change));
    else localStorage.removeItem(LAST_CHANGE_KEY);
  } catch {
    // Storage blocked (private mode): the toast's button still works.
  }
}

function lastChange(): LastChange | null {
  try {
    const stored = JSON.parse(localStorage.getItem(LAST_CHANGE_KEY) ?? "null") as Partial<LastChange> | null;
    if (typeof stored?.changeId !== "string" || stored.userId !== currentUserId()) return null;
    return { changeId: stored.changeId, message: stored.message ?? "", userId: stored.userId };
  } catch {
    return null;
  }
}

export type AnnouncedChange = {
  /** The success text, e.g. "Schicht gespeichert!". */
  message: string;
  /** The write's `change_id`. */
  changeId: string;
  /** Called after an undo (or a restore) went through: reload what is shown. */
  onUndone: () => void;
  /** How long the toast stays: 10 s unless longer. */
  duration?: number;
  /** A second button beside "Rückgängig", e.g. a vacation's "Woche ansehen" (docs/PRODUCT-RULES.md §31.6). */
  secondary?: ToastButton;
};

/** The success toast of a plan write, with "Rückgängig"; the change becomes the one Ctrl+Z undoes. */
export function announceChange({ message, changeId, onUndone, duration, secondary }: AnnouncedChange) {
  rememberLastChange({ changeId, message, userId: currentUserId() });
  notify.success(message, {
    duration: Math.max(duration ?? 0, UNDO_TOAST_MS),
    action: { label: "Rückgängig", onClick: () => void undo(changeId, onUndone) },
    secondary,
  });
}

/**
 * Undoes a change; the toast after it offers "Wiederherstellen" (undoing the undo). A refusal shows the server's
 * German text ("Inzwischen geändert – Rückgängig nicht möglich", or the rule that would break).
 */
async function undo(changeId: string, onUndone: () => void): Promise<void> {
  try {
    const undone = await api.post(`/changes/${changeId}/undo`, {});
    if (lastChange()?.changeId === changeId) rememberLastChange(null);
    onUndone();
    notify.success("Änderung rückgängig gemacht", {
      duration: UNDO_TOAST_MS,
      action: {
        label: "Wiederherstellen",
        onClick: () => void restore(undone.change_id, onUndone),
      },
    });
  } catch (error) {
    notify.error(errorMessage(error, "Rückgängig nicht möglich"));
  }
}

async function restore(undoChangeId: string, onUndone: () => void): Promise<void> {
  try {
    const restored = await api.post(`/changes/${undoChangeId}/undo`, {});
    // The restore is the change Ctrl+Z undoes next.
    rememberLastChange({
      changeId: restored.change_id,
      message: "Änderung wiederhergestellt",
      userId: currentUserId(),
    });
    onUndone();
    notify.success("Änderung wiederhergestellt");
  } catch (error) {
    notify.error(errorMessage(error, "Wiederherstellen nicht möglich"));
  }
}

function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/**
 * Ctrl+Z / ⌘Z undoes the last change of this browser while the screen using this hook is shown (and `enabled`:
 * only for those who may plan), unless the keyboard is in a field (where it undoes typing) or a dialog is open.
 */
export function useUndoShortcut(onUndone: () => void, enabled: boolean) {
  const latest = useRef(onUndone);
  useEffect(() => {
    latest.current = onUndone;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== "z" || !(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey)
        return;
      if (typingIn(event.target) || document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      const change = lastChange();
      event.preventDefault();
      if (!change) {
        notify.info("Nichts zum Rückgängigmachen");
        return;
      }
      void undo(change.changeId, () => latest.current());
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [enabled]);
}
