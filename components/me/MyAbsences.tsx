import { absenceSpan, absenceTypeLabel } from "@/components/absences/absence-text";
import type { AbsenceDto } from "@/lib/shared/api-types";

/**
 * The person's own absences besides vacation on "Meine Schichten" (docs/PRODUCT-RULES.md §32.8): running and coming
 * ones, and an earlier sick leave whose certificate is still due. The type is shown: it is their own data. Nothing
 * when there is none.
 */
export function MyAbsences({ absences, today }: { absences: AbsenceDto[]; today: string }) {
  const shown = absences.filter((absence) => absence.end_date >= today || absence.certificate_due);
  if (shown.length === 0) return null;
  return (
    <div className="mt-4">
      <h3 className="mb-2 text-sm font-semibold text-slate-800">Abwesenheiten</h3>
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white" data-testid="my-absences">
        {shown.map((absence) => (
          <li key={absence.id} className="space-y-1 px-4 py-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium tabular-nums text-slate-900">{absenceSpan(absence)}</span>
              <span className="rounded bg-violet-100 px-1.5 text-xs font-medium text-violet-950">
                {absenceTypeLabel(absence.type)}
              </span>
            </div>
            {absence.note && <p className="text-sm text-slate-600">{absence.note}</p>}
            {absence.certificate_due && (
              <p className="text-sm font-medium text-amber-900">
                ⚠ Arztzeugnis fehlt: bitte reiche es der Planung ein.
              </p>
            )}
            {absence.type === "krank" && absence.certificate_received && (
              <p className="text-sm text-slate-600">✓ Arztzeugnis erhalten</p>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
