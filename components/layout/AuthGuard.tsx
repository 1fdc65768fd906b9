"use client";
import { usePathname, useRouter } from "next/navigation";
import { useDeferredValue, useEffect, type ReactNode } from "react";
import { SetOwnPassword } from "@/components/profile/SetOwnPassword";
import { PageHeader } from "@/components/ui/PageHeader";
import { useAuth } from "@/lib/client/auth-store";
import { NAV_ITEMS } from "./nav-items";

/** Each screen's heading, shown while the session is checked (the screens render the same). */
const PAGE_TITLES = new Map<string, string>([
  ...NAV_ITEMS.map((item): [string, string] => [item.href, item.label]),
  ["/profile", "Einstellungen & 2FA"],
]);

/**
 * Everything but /login needs a session (docs/PRODUCT-RULES.md §16); without one the user goes
 * to /login. Until the stored session has been checked, the page shows its
 * heading (prerendered, so the first paint is the page, not a blank screen)
 * and nothing that needs the session.
 */
export function AuthGuard({ children }: { children: ReactNode }) {
  const { ready, isAuthenticated, user } = useAuth();
  const router = useRouter();
  const pathname = usePathname();
  useEffect(() => {
    if (ready && !isAuthenticated) router.replace("/login");
  }, [ready, isAuthenticated, router]);

  // The page appears in a deferred render, which React does in slices: the
  // screen mounting does not stretch the start-up into one long task.
  const showPage = useDeferredValue(ready && isAuthenticated, false);

  if (!showPage || !ready || !isAuthenticated) {
    const title = PAGE_TITLES.get(pathname);
    return (
      <>
        {title && <PageHeader title={title} />}
        <p role="status" className="sr-only">
          Wird geladen...
        </p>
      </>
    );
  }
  // A password of one's own comes first (docs/PRODUCT-RULES.md §31.5): no screen until it is set.
  if (user?.must_change_password) return <SetOwnPassword />;
  return children;
}
