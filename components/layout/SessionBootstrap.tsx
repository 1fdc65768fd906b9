"use client";
import dynamic from "next/dynamic";
import { useEffect, useState } from "react";
import { restoreSession } from "@/lib/client/auth-store";
import { setToasterMount } from "@/lib/client/notify";

// Loaded after start-up, not with it (see lib/client/notify.ts).
const Toaster = dynamic(() => import("sonner").then((m) => m.Toaster), { ssr: false });

/** On start, check a stored session against the server (SPEC §2); hosts the toasts. */
export function SessionBootstrap() {
  const [toaster, setToaster] = useState(false);
  useEffect(() => {
    void restoreSession();
    // The Toaster mounts when the page is idle, or at once for an earlier toast.
    const mount = () => setToaster(true);
    setToasterMount(mount);
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(mount, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(mount, 500);
    return () => window.clearTimeout(id);
  }, []);
  return toaster ? <Toaster position="top-right" closeButton /> : null;
}
