"use client";
import { IntentLink } from "@/components/ui/IntentLink";
import { useUnreadCount } from "@/lib/client/inbox-store";
import { classNames } from "@/lib/shared/class-names";

/** "3 ungelesen" in the bell's name; the badge itself stops at 99+. */
export function unreadLabel(unread: number | null): string {
  return unread ? `Mitteilungen, ${unread} ungelesen` : "Mitteilungen";
}

/**
 * The bell (docs/PRODUCT-RULES.md §33.2): a link to the inbox with the unread count as a badge; in the phone's top
 * bar and at the top of the sidebar.
 */
export function NotificationBell({ active, className }: { active: boolean; className?: string }) {
  const unread = useUnreadCount();
  return (
    <IntentLink
      href="/notifications"
      aria-label={unreadLabel(unread)}
      aria-current={active ? "page" : undefined}
      title="Mitteilungen"
      className={classNames(
        "relative inline-flex size-11 shrink-0 items-center justify-center rounded-lg",
        active ? "bg-blue-50 text-blue-800" : "text-slate-700 hover:bg-slate-100",
        className,
      )}
    >
      <svg
        width="22"
        height="22"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d="M6 16V11a6 6 0 0112 0v5l1.5 2h-15L6 16M10 20.5a2 2 0 004 0" />
      </svg>
      {!!unread && (
        <span
          aria-hidden="true"
          className={classNames(
            "absolute top-1 right-0.5 min-w-5 rounded-full bg-red-600 px-1.5",
            "text-center text-xs leading-5 font-semibold text-white tabular-nums",
          )}
        >
          {unread > 99 ? "99+" : unread}
        </span>
      )}
    </IntentLink>
  );
}
