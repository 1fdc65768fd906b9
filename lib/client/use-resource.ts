"use client";
import { startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { notify } from "./notify";

export type Resource<T> = {
  /** Undefined until the first load succeeded; a later failure keeps what was there. */
  data: T | undefined;
  /** The key `data` belongs to: while another key loads, the previous key's data stays on screen. */
  dataKey: string | undefined;
  /** A load is under way (the first one, another key's, or a refresh). */
  loading: boolean;
  /** The last load failed (and its toast was shown). */
  failed: boolean;
  /** Loads the current key again, after every change; the data kept for other keys is dropped (it may be stale). */
  reload: () => Promise<void>;
};

/**
 * The browser's one way to load a screen's data. `key` names what is shown
 * (a week, a period, a filter); a new key loads again. Data already loaded
 * for a key is kept until the next `reload` (a change), so going back to a
 * key shows its data at once while it is refreshed; a key not seen yet keeps
 * the previous data on screen until its own has arrived (no spinner blanks a
 * screen that has data, docs/PRODUCT-RULES.md §19). A failure shows the
 * screen's own message as a toast (§20) and keeps what was shown before.
 */
export function useResource<T>(
  load: (signal: AbortSignal) => Promise<T>,
  failureMessage: string,
  key = "",
): Resource<T> {
  const [shown, setShown] = useState<{ key: string; data: T }>();
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const loadRef = useRef(load);
  useLayoutEffect(() => {
    loadRef.current = load;
  });
  const keyRef = useRef(key);
  const cache = useRef(new Map<string, T>());
  const controller = useRef<AbortController | null>(null);

  const fetchCurrentKey = useCallback(async () => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    const loadingKey = keyRef.current;
    setLoading(true);
    try {
      const next = await loadRef.current(current.signal);
      if (current.signal.aborted) return;
      cache.current.set(loadingKey, next);
      // A transition: React renders the arriving data in slices, yielding to
      // the browser in between, instead of one long task (a screen full of rows).
      startTransition(() => {
        setShown({ key: loadingKey, data: next });
        setFailed(false);
        setLoading(false);
      });
    } catch {
      if (current.signal.aborted) return;
      setFailed(true);
      setLoading(false);
      notify.error(failureMessage);
    }
  }, [failureMessage]);

  useEffect(() => {
    keyRef.current = key;
    const cached = cache.current.get(key);
    if (cached !== undefined) setShown({ key, data: cached });
    void fetchCurrentKey();
    return () => controller.current?.abort();
  }, [fetchCurrentKey, key]);

  const reload = useCallback(() => {
    for (const cachedKey of cache.current.keys()) if (cachedKey !== keyRef.current) cache.current.delete(cachedKey);
    return fetchCurrentKey();
  }, [fetchCurrentKey]);

  return { data: shown?.data, dataKey: shown?.key, loading, failed, reload };
}
