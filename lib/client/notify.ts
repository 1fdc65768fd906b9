"use client";
import { toast } from "sonner";

/** Toasts with the durations of SPEC §9: success 2 s, error 4 s. An error may carry a second line with details. */
export const notify = {
  success: (message: string) => toast.success(message, { duration: 2000 }),
  error: (message: string, description?: string) => toast.error(message, { duration: 4000, description }),
};
