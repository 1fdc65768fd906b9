import { Button } from "@/components/ui/Button";
import { DataTable } from "@/components/ui/DataTable";
import type { VacationDto } from "@/lib/shared/api-types";
import { classNames } from "@/lib/shared/class-names";
import { formatDate } from "@/lib/shared/format";
import { employeeName, statusLabel } from "./vacation-text";

type Props = {
  vacations: VacationDto[];
  /** Rows of the previous filter while the new ones load. */
  stale: boolean;
  /** Absent for roles that may only look (users see no actions). */
  onEdit?: (vacation: VacationDto) => void;
  onDelete?: (vacation: VacationDto) => void;
};

/** The vacations table; on phones it scrolls sideways inside its own box. */
export function VacationsTable({ vacations, stale, onEdit, onDelete }: Props) {
  const actions = onEdit && onDelete ? { onEdit, onDelete } : null;
  return (
    <DataTable
      minWidthClass="min-w-[760px]"
      frameClassName={classNames("transition-opacity", stale && "opacity-60")}
      busy={stale}
      columns={[
        { label: "Mitarbeiter" },
        { label: "Von" },
        { label: "Bis" },
        { label: "Tage", align: "right" },
        { label: "Status" },
        { label: "Notizen" },
        !!actions && { label: "Aktionen", align: "right" },
      ]}
    >
      {vacations.map((vacation) => {
        const label = `Ferien von ${employeeName(vacation)} ab ${formatDate(vacation.start_date)}`;
        return (
          <tr key={vacation.id} className="h-14">
            <td className="px-4 py-2 font-medium text-slate-900">{employeeName(vacation)}</td>
            <td className="px-4 py-2 tabular-nums">{formatDate(vacation.start_date)}</td>
            <td className="px-4 py-2 tabular-nums">{formatDate(vacation.end_date)}</td>
            <td className="px-4 py-2 text-right tabular-nums">{vacation.days_count}</td>
            <td className="px-4 py-2">
              <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-medium text-emerald-900">
                {statusLabel(vacation.status)}
              </span>
            </td>
            <td className="max-w-64 px-4 py-2 break-words text-slate-700">{vacation.notes ?? "–"}</td>
            {actions && (
              <td className="px-4 py-2 text-right">
                <div className="flex justify-end gap-1">
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => actions.onEdit(vacation)}
                    aria-label={`${label} bearbeiten`}
                  >
                    Bearbeiten
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-red-700 hover:bg-red-50"
                    onClick={() => actions.onDelete(vacation)}
                    aria-label={`${label} löschen`}
                  >
                    Löschen
                  </Button>
                </div>
              </td>
            )}
          </tr>
        );
      })}
    </DataTable>
  );
}
