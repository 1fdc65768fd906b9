import type { UserDto, VisibleEmployee } from "@/lib/shared/api-types";

export type LinkChoice = { id: number; name: string };

/**
 * The employees a user may be linked to (docs/PRODUCT-RULES.md §26.1): the active ones without a user, plus the
 * one linked now (so the picker can show it). The list of employees holds only active ones.
 */
export function linkChoices(employees: VisibleEmployee[], accounts: UserDto[], current: number | null): LinkChoice[] {
  const taken = new Set(accounts.map((account) => account.employee_id).filter((id) => id !== null && id !== current));
  return employees
    .filter((employee) => !taken.has(employee.id))
    .map((employee) => ({ id: employee.id, name: `${employee.first_name} ${employee.last_name}` }));
}

/** The options of a "Verknüpfter Mitarbeiter" picker: "Kein Mitarbeiter" (value "") first. */
export function EmployeeLinkOptions({ choices }: { choices: LinkChoice[] }) {
  return (
    <>
      <option value="">Kein Mitarbeiter</option>
      {choices.map((choice) => (
        <option key={choice.id} value={String(choice.id)}>
          {choice.name}
        </option>
      ))}
    </>
  );
}
