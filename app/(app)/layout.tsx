import { AppShell } from "@/components/layout/AppShell";
import { AuthGuard } from "@/components/layout/AuthGuard";

// Everything behind the login, inside the sidebar layout (docs/PRODUCT-RULES.md §16). The
// frame is drawn at once; the guard holds back only the page.
export default function AppLayout({ children }: { children: React.ReactNode }) {
  return (
    <AppShell>
      <AuthGuard>{children}</AuthGuard>
    </AppShell>
  );
}
