"use client";
import { useEffect } from "react";
import { Toaster } from "sonner";
import { restoreSession } from "@/lib/client/auth-store";

/** On start, check a stored session against the server (SPEC §2); hosts the toasts. */
export function SessionBootstrap() {
  useEffect(() => {
    void restoreSession();
  }, []);
  return <Toaster position="top-right" closeButton />;
}
