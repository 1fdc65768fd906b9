import type { EmployeeDeletionImpact } from "@/lib/shared/api-types";

/**
 * What archiving an employee does (docs/PRODUCT-RULES.md §8, §29.4): "Die 4 künftigen Schichten werden offen und
 * 2 künftige Ferieneinträge werden gelöscht.", then what else changes (a vacation running today is cut, a linked
 * account loses the link). Nothing affected is said too, so the admin knows it was checked.
 */
export function employeeDeletionText({
  future_shifts: shifts,
  future_vacations: vacations,
  running_vacations: running,
  linked_users: linked,
}: EmployeeDeletionImpact) {
  const parts = [
    shifts === 1 && "Die 1 künftige Schicht wird offen",
    shifts > 1 && `Die ${shifts} künftigen Schichten werden offen`,
    vacations === 1 && "1 künftiger Ferieneintrag wird gelöscht",
    vacations > 1 && `${vacations} künftige Ferieneinträge werden gelöscht`,
  ].filter((part): part is string => typeof part === "string");
  const more = [
    running === 1 && "Der laufende Ferieneintrag endet gestern.",
    running > 1 && `Die ${running} laufenden Ferieneinträge enden gestern.`,
    linked > 0 && "Das verknüpfte Benutzerkonto wird getrennt.",
  ].filter((part): part is string => typeof part === "string");
  if (parts.length === 0 && more.length === 0) return "Keine künftigen Schichten oder Ferien betroffen.";
  return [parts.length > 0 && `${parts.join(" und ")}.`, ...more].filter(Boolean).join(" ");
}
