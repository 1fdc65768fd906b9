/**
 * Resolves once the browser has painted what the current task changed: a task queued from the next animation frame
 * runs after that frame's paint. Work started from an input's handler that the user need not wait for (sending a
 * request, say) goes there, so the paint that answers the input comes first (docs/PERFORMANCE.md, P13: starting a
 * fetch costs a drop a tenth of its time at 4× CPU slowdown). A hidden page paints no frames, so a timeout resolves it
 * all the same.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, HIDDEN_PAGE_WAIT_MS);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}

/** How long a page that paints nothing (hidden, in the background) waits before the work goes on anyway. */
const HIDDEN_PAGE_WAIT_MS = 100;
