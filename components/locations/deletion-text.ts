import type { LocationDeletionImpact } from "@/lib/shared/api-types";

/**
 * What archiving a location deletes (docs/PRODUCT-RULES.md §8, §29.4): "Die 7 künftigen Schichten und
 * 3 Vorlagenzeilen werden gelöscht.", then the employees who lose it as an Einsatzort (§28.1). Nothing affected is
 * said too, so the admin knows it was checked.
 */
export function locationDeletionText({
  future_shifts: shifts,
  template_rows: rows,
  einsatzort_employees: employees,
}: LocationDeletionImpact) {
  const einsatzort =
    employees === 0
      ? null
      : employees === 1
        ? "1 Mitarbeiter verliert diesen Einsatzort."
        : `${employees} Mitarbeitende verlieren diesen Einsatzort.`;
  if (shifts === 0 && rows === 0) return einsatzort ?? "Keine künftigen Schichten oder Vorlagenzeilen betroffen.";
  const parts = [
    shifts > 0 && (shifts === 1 ? "1 künftige Schicht" : `${shifts} künftigen Schichten`),
    rows > 0 && (rows === 1 ? "1 Vorlagenzeile" : `${rows} Vorlagenzeilen`),
  ].filter((part): part is string => typeof part === "string");
  const verb = shifts + rows === 1 ? "wird" : "werden";
  return [`Die ${parts.join(" und ")} ${verb} gelöscht.`, einsatzort].filter(Boolean).join(" ");
}
