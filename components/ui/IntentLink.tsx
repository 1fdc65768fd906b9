"use client";
import Link from "next/link";
import { useState, type ComponentProps } from "react";

/**
 * A `next/link` that prefetches its route when the user shows intent (hover,
 * focus, touch) rather than as soon as it is on screen. Every screen shows
 * the sidebar's eight links: prefetching them all on load made each first
 * load fetch every other page's code and data, competing with the page's own
 * API calls (the pattern of Next's prefetching guide, "Hover-triggered prefetch").
 */
export function IntentLink({ onMouseEnter, onFocus, onTouchStart, ...props }: ComponentProps<typeof Link>) {
  const [intent, setIntent] = useState(false);
  return (
    <Link
      {...props}
      prefetch={intent ? null : false}
      onMouseEnter={(event) => {
        setIntent(true);
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        setIntent(true);
        onFocus?.(event);
      }}
      onTouchStart={(event) => {
        setIntent(true);
        onTouchStart?.(event);
      }}
    />
  );
}
