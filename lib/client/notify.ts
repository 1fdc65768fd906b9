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

export const notify = {
  success: (message: string) => void toastApi().then((toast) => toast.success(message, { duration: 2000 })),
  error: (message: string, description?: string) =>
    void toastApi().then((toast) => toast.error(message, { duration: 4000, description })),
};
