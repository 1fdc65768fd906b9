"use client";
import { startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { notify } from "./notify";

/** `data` stays undefined until the first load succeeded; a later failure keeps the old data. */
export type Resource<T> = { data: T | undefined; failed: boolean; reload: () => Promise<void> };

/**
 * Loads data for a screen; a failure shows the screen's fallback message
 * (SPEC §8) as a toast and keeps what was shown before. `reload` after every change.
 * A change of `key` (e.g. the period or filter shown) loads again, and the
 * old data stays on screen until the new data is there.
 */
export function useResource<T>(
  load: (signal: AbortSignal) => Promise<T>,
  failureMessage: string,
  key = "",
): Resource<T> {
  const [data, setData] = useState<T>();
  const [failed, setFailed] = useState(false);
  const loadRef = useRef(load);
  useLayoutEffect(() => {
    loadRef.current = load;
  });
  const controller = useRef<AbortController | null>(null);

  const reload = useCallback(async () => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    try {
      const next = await loadRef.current(current.signal);
      if (current.signal.aborted) return;
      // A transition: React renders the arriving data in slices, yielding to
      // the browser in between, instead of one long task (a screen full of rows).
      startTransition(() => {
        setData(next);
        setFailed(false);
      });
    } catch {
      if (current.signal.aborted) return;
      setFailed(true);
      notify.error(failureMessage);
    }
  }, [failureMessage]);

  useEffect(() => {
    // Loading is the effect's job here (the state changes after the answer, in a transition).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void reload();
    return () => controller.current?.abort();
  }, [reload, key]);

  return { data, failed, reload };
}
