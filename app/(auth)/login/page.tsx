import type { Metadata } from "next";
import { LoginForm } from "@/components/login/LoginForm";
import { BrandMark } from "@/components/ui/BrandMark";

export const metadata: Metadata = { title: "Anmelden · Schichtwerk" };

export default function LoginPage() {
  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-10">
      <div className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <BrandMark size={48} />
          <h1 className="text-2xl font-semibold tracking-tight">Schichtwerk</h1>
          <p className="text-sm text-slate-600">Melde dich an, um deine Schichtplanung zu öffnen.</p>
        </div>
        <LoginForm />
      </div>
    </main>
  );
}
