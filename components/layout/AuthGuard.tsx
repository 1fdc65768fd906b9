"use client";
import { useRouter } from "next/navigation";
import { useEffect, type ReactNode } from "react";
import { useAuth } from "@/lib/client/auth-store";

/** Everything but /login needs a session (SPEC §2); without one the user goes to /login. */
export function AuthGuard({ children }: { children: ReactNode }) {
  const { ready, isAuthenticated } = useAuth();
  const router = useRouter();
  useEffect(() => {
    if (ready && !isAuthenticated) router.replace("/login");
  }, [ready, isAuthenticated, router]);

  if (!ready || !isAuthenticated) {
    return (
      <div role="status" className="flex min-h-dvh items-center justify-center text-sm text-slate-500">
        Wird geladen...
      </div>
    );
  }
  return children;
}
