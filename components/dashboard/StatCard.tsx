export function StatCard({ label, value, detail }: { label: string; value: number; detail: string }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5" aria-label={label}>
      <h2 className="text-sm font-medium text-slate-600">{label}</h2>
      <p className="mt-1 text-3xl font-semibold tabular-nums text-slate-900">{value}</p>
      <p className="mt-1 text-sm text-slate-600">{detail}</p>
    </section>
  );
}
