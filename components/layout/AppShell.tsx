"use client";
import { usePathname, useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { BrandMark } from "@/components/ui/BrandMark";
import { NotificationBell } from "@/components/notifications/NotificationBell";
import { IntentLink } from "@/components/ui/IntentLink";
import { ROLE_LABELS } from "@/components/ui/RoleBadge";
import { useAuth } from "@/lib/client/auth-store";
import { signOut as endSession } from "@/lib/client/sign-out";
import { useUnreadCountKeptFresh } from "@/lib/client/inbox-store";
import { notify } from "@/lib/client/notify";
import { classNames } from "@/lib/shared/class-names";
import { navItemsFor } from "./nav-items";

const isActive = (pathname: string, href: string) =>
  href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`);

/**
 * The sidebar layout of docs/PRODUCT-RULES.md §16.1. On phones the sidebar is a drawer behind a
 * menu button in a top bar (docs/PRODUCT-RULES.md §19).
 *
 * The frame does not wait for the session: it is part of the prerendered
 * HTML, so the first paint shows the app (not a blank page) while the stored
 * session is checked. What depends on the user (the admin-only entries, the
 * name and role, Abmelden) appears once the session is known; the page
 * itself stays behind the AuthGuard inside `<main>`.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const pathname = usePathname();
  const router = useRouter();
  const [menuOpen, setMenuOpen] = useState(false);
  useUnreadCountKeptFresh(user !== null);
  const inboxOpen = isActive(pathname, "/notifications");

  async function signOut() {
    await endSession();
    notify.success("Erfolgreich abgemeldet");
    router.replace("/login");
  }

  const items = navItemsFor(user);

  return (
    <div className="min-h-dvh lg:flex">
      <header
        className={classNames(
          "sticky top-0 z-30 flex items-center justify-between",
          "border-b border-slate-200 bg-white px-4 py-2 lg:hidden",
        )}
      >
        <IntentLink href="/" className="flex items-center gap-2 font-semibold">
          <BrandMark size={28} />
          Schichtwerk
        </IntentLink>
        <div className="flex items-center gap-1">
          {user && <NotificationBell active={inboxOpen} />}
          <button
            type="button"
            onClick={() => setMenuOpen((open) => !open)}
            aria-expanded={menuOpen}
            aria-controls="sidebar"
            className={classNames(
              "flex min-h-11 items-center gap-2 rounded-lg px-3",
              "text-sm font-medium text-slate-700 hover:bg-slate-100",
            )}
          >
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
              <path
                d={menuOpen ? "M6 6l12 12M18 6L6 18" : "M4 7h16M4 12h16M4 17h16"}
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
            Menü
          </button>
        </div>
      </header>

      {menuOpen && (
        <div
          className="fixed inset-0 z-30 bg-slate-900/30 lg:hidden"
          onClick={() => setMenuOpen(false)}
          aria-hidden="true"
        />
      )}

      <aside
        id="sidebar"
        className={classNames(
          "fixed inset-y-0 left-0 z-40 flex w-64 flex-col border-r border-slate-200 bg-white transition-transform",
          "lg:sticky lg:top-0 lg:h-dvh lg:translate-x-0",
          menuOpen ? "translate-x-0" : "max-lg:invisible -translate-x-full",
        )}
      >
        <div className="flex items-center justify-between gap-2 py-3 pr-3 pl-5">
          <IntentLink
            href="/"
            onClick={() => setMenuOpen(false)}
            className="flex items-center gap-2 py-2 text-lg font-semibold"
          >
            <BrandMark size={32} />
            Schichtwerk
          </IntentLink>
          {/* On phones the top bar has the bell. */}
          {user && <NotificationBell active={inboxOpen} className="max-lg:hidden" />}
        </div>
        <nav aria-label="Hauptnavigation" className="flex-1 overflow-y-auto px-3">
          <ul className="space-y-1">
            {items.map((item) => {
              const active = isActive(pathname, item.href);
              return (
                <li key={item.href}>
                  <IntentLink
                    href={item.href}
                    aria-current={active ? "page" : undefined}
                    onClick={() => setMenuOpen(false)}
                    className={classNames(
                      "flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium",
                      active ? "bg-blue-50 text-blue-800" : "text-slate-700 hover:bg-slate-100",
                    )}
                  >
                    {item.icon}
                    {item.label}
                  </IntentLink>
                </li>
              );
            })}
          </ul>
        </nav>
        {user && (
          <div className="border-t border-slate-200 p-4">
            <p className="truncate text-sm font-medium text-slate-900">{user.username}</p>
            <p className="text-xs text-slate-500">{ROLE_LABELS[user.role]}</p>
            <IntentLink
              href="/profile"
              aria-current={pathname === "/profile" ? "page" : undefined}
              onClick={() => setMenuOpen(false)}
              className="mt-3 flex min-h-10 items-center rounded-lg px-2 text-sm text-slate-700 hover:bg-slate-100"
            >
              Einstellungen & 2FA
            </IntentLink>
            <button
              type="button"
              onClick={signOut}
              className={classNames(
                "flex min-h-10 w-full items-center rounded-lg px-2",
                "text-left text-sm text-slate-700 hover:bg-slate-100",
              )}
            >
              Abmelden
            </button>
          </div>
        )}
      </aside>

      <main className="min-w-0 flex-1 px-4 py-6 sm:px-8 lg:py-8">{children}</main>
    </div>
  );
}
