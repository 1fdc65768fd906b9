"use client";
import { useCallback, useState } from "react";
import { errorMessage } from "./api";
import { notify } from "./notify";

/**
 * A write the user started (save, delete, import): `busy` while it runs, the
 * success toast after it, the server's message or the fallback when it fails
 * (docs/PRODUCT-RULES.md §20). Answers whether it worked, so a dialog closes only then.
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (action: () => Promise<unknown>, messages: { success?: string; failure: string }): Promise<boolean> => {
      setBusy(true);
      try {
        await action();
        if (messages.success) notify.success(messages.success);
        return true;
      } catch (error) {
        notify.error(errorMessage(error, messages.failure));
        return false;
      } finally {
        setBusy(false);
      }
    },
    [],
  );
  return { busy, run };
}
