"use client";

/**
 * Toasts with the durations of docs/PRODUCT-RULES.md §20: success 2 s, error 4 s. An error may
 * carry a second line with details.
 *
 * The toast library (sonner, with the stylesheet it injects) is not part of a
 * page's start-up code: it loads once the page is idle (SessionBootstrap) or
 * with the first toast, whichever comes first. A toast sent before the
 * Toaster has mounted is shown as soon as it has (sonner replays the active
 * toasts to a new Toaster).
 */
let mountToaster: (() => void) | undefined;

/** SessionBootstrap's way to mount the Toaster at once when a toast comes first. */
export function setToasterMount(mount: () => void) {
  mountToaster = mount;
}

async function toastApi() {
  mountToaster?.();
  return (await import("sonner")).toast;
}

/** A button in a toast, e.g. "Rückgängig" (docs/PRODUCT-RULES.md §27.7); such a toast stays longer. */
export type ToastButton = { label: string; onClick: () => void };

/**
 * `action` is the toast's main button; `secondary` a second one before it (a vacation's "Woche ansehen" beside
 * "Rückgängig", §31.6). Either closes the toast.
 */
export type ToastOptions = { duration?: number; action?: ToastButton; secondary?: ToastButton };

type ToastKind = "success" | "info" | "error";
let toastCount = 0;

/**
 * One toast at a time per kind (docs/PRODUCT-RULES.md §31.4): quick successive actions would otherwise stack
 * toasts over the screen's controls. Each kind has one sonner id, so a new toast replaces the one on screen in
 * place (at once; a dismissal would wait for the next frame). Every field is passed, so nothing of the old one
 * (a "Rückgängig" button, a second line) stays. Sonner keeps an updated toast's running timer unless its
 * duration changes: the durations alternate by a millisecond, so the new toast gets its full time.
 */
function show(kind: ToastKind, message: string, options: ToastOptions & { description?: string }) {
  void toastApi().then((toast) => {
    const { duration = 2000, action, secondary, description } = options;
    const id = toastIds[kind];
    // Sonner's second button is its `cancel`; it is passed (as undefined too) so a replaced toast loses it.
    toast[kind](message, {
      id,
      duration: duration + (++toastCount % 2),
      action: action && retiring(kind, action),
      cancel: secondary && retiring(kind, secondary),
      description,
      onAutoClose: () => retire(kind, id),
      onDismiss: () => retire(kind, id),
    });
  });
}

/** The sonner id of each kind's toast now. */
const toastIds: Record<ToastKind, string> = { success: "success", info: "info", error: "error" };

/**
 * Sonner removes a closing toast by its id a moment after it starts to fade: a new toast of the same id in that
 * moment would be drawn into the old one and go with it ("PIN gespeichert" right after "Ausgestempelt" had run
 * out). So a toast that closes — its time is up, it is dismissed, or one of its buttons is clicked — gives its kind
 * a new id, unless a newer toast has done so already.
 */
function retire(kind: ToastKind, id: string) {
  if (toastIds[kind] === id) toastIds[kind] = `${kind}-${++toastCount}`;
}

/** A button closes its toast: the toast its action shows next ("Änderung rückgängig gemacht") needs a new id. */
function retiring(kind: ToastKind, button: ToastButton): ToastButton {
  return {
    label: button.label,
    onClick: () => {
      retire(kind, toastIds[kind]);
      button.onClick();
    },
  };
}

export const notify = {
  success: (message: string, options: ToastOptions = {}) => show("success", message, { duration: 2000, ...options }),
  info: (message: string) => show("info", message, { duration: 2000 }),
  error: (message: string, description?: string) => show("error", message, { duration: 4000, description }),
};

/** The one notice while requests wait for the database to come back (docs/PRODUCT-RULES.md §29.3). */
export const DATABASE_RETRY_NOTICE = "Verbindung zur Datenbank unterbrochen – neuer Versuch …";
const DATABASE_RETRY_NOTICE_ID = "database-retry";
// Shown and hidden in the order asked, though each step waits for sonner to load.
let retryNoticeSteps: Promise<unknown> = Promise.resolve();
let retryNoticeShown = false;

/** One calm notice with a fixed id, however many requests retry at once; hidden again by `hide`. */
export const retryNotice = {
  show() {
    if (retryNoticeShown) return;
    retryNoticeShown = true;
    retryNoticeSteps = retryNoticeSteps.then(async () =>
      (await toastApi()).loading(DATABASE_RETRY_NOTICE, { id: DATABASE_RETRY_NOTICE_ID, duration: Infinity }),
    );
  },
  hide() {
    if (!retryNoticeShown) return;
    retryNoticeShown = false;
    retryNoticeSteps = retryNoticeSteps.then(async () => (await toastApi()).dismiss(DATABASE_RETRY_NOTICE_ID));
  },
};
