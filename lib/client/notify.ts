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
export type ToastOptions = { duration?: number; action?: { label: string; onClick: () => void } };

export const notify = {
  success: (message: string, options: ToastOptions = {}) =>
    void toastApi().then((toast) => toast.success(message, { duration: 2000, ...options })),
  info: (message: string) => void toastApi().then((toast) => toast.info(message, { duration: 2000 })),
  error: (message: string, description?: string) =>
    void toastApi().then((toast) => toast.error(message, { duration: 4000, description })),
};
