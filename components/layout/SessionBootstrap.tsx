"use client";
import dynamic from "next/dynamic";
import { useEffect, useState } from "react";
import { restoreSession } from "@/lib/client/auth-store";
import { registerServiceWorker } from "@/lib/client/service-worker";
import { setToasterMount } from "@/lib/client/notify";

// Loaded after start-up, not with it (see lib/client/notify.ts).
const Toaster = dynamic(() => import("sonner").then((m) => m.Toaster), { ssr: false });
const TOASTER_DELAY_MS = 2000;

/**
 * On start, check a stored session against the server (docs/PRODUCT-RULES.md §16.12); hosts the toasts; registers
 * the service worker of the installable app once the page has settled (§33.8).
 */
export function SessionBootstrap() {
  const [toaster, setToaster] = useState(false);
  useEffect(() => {
    void restoreSession();
    // The Toaster mounts at once for a toast, otherwise when the page has settled (its own code and first data
    // before it) and the browser is idle; the service worker then too, so it never competes with the page's start.
    const mount = () => setToaster(true);
    setToasterMount(mount);
    return whenSettled(() => {
      mount();
      registerServiceWorker();
    });
  }, []);
  // Bottom right, away from the screens' toolbars and headings; on a phone sonner spans the toasts across the
  // bottom edge (there is no bottom navigation to keep clear). docs/PRODUCT-RULES.md §31.4.
  return toaster ? <Toaster position="bottom-right" closeButton /> : null;
}

/** Runs `task` once the page has settled and the browser is idle; answers the cancel. */
function whenSettled(task: () => void): () => void {
  let idle: number | undefined;
  const settled = window.setTimeout(() => {
    if (typeof window.requestIdleCallback === "function") idle = window.requestIdleCallback(task, { timeout: 2000 });
    else task();
  }, TOASTER_DELAY_MS);
  return () => {
    window.clearTimeout(settled);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}
