import { Button } from "@/components/ui/Button";
import { DataTable } from "@/components/ui/DataTable";
import type { VacationDto } from "@/lib/shared/api-types";
import { classNames } from "@/lib/shared/class-names";
import { formatDate } from "@/lib/shared/format";
import { VacationStatusBadge } from "./VacationStatusBadge";
import { employeeName } from "./vacation-text";

/** What a manager or admin may do with a row (docs/PRODUCT-RULES.md §16.7, §26.3). */
export type VacationActions = {
  onEdit: (vacation: VacationDto) => void;
  onDelete: (vacation: VacationDto) => void;
  onApprove: (vacation: VacationDto) => void;
  onReject: (vacation: VacationDto) => void;
  /** The request being approved right now: its buttons wait. */
  approvingId: number | null;
};

type Props = {
  vacations: VacationDto[];
  /** Rows of the previous filter while the new ones load. */
  stale: boolean;
  /** Absent for roles that may only look (users see no actions). */
  actions?: VacationActions;
};

/** The vacations table; on phones it scrolls sideways inside its own box. */
export function VacationsTable({ vacations, stale, actions }: Props) {
  return (
    <DataTable
      minWidthClass={actions ? "min-w-[920px]" : "min-w-[760px]"}
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
        const requestLabel = `Ferienantrag von ${employeeName(vacation)} ab ${formatDate(vacation.start_date)}`;
        const requested = vacation.status === "requested";
        const approving = actions?.approvingId === vacation.id;
        return (
          <tr key={vacation.id} className="h-14">
            <td className="px-4 py-2 font-medium text-slate-900">{employeeName(vacation)}</td>
            <td className="px-4 py-2 tabular-nums">{formatDate(vacation.start_date)}</td>
            <td className="px-4 py-2 tabular-nums">{formatDate(vacation.end_date)}</td>
            <td className="px-4 py-2 text-right tabular-nums">{vacation.days_count}</td>
            <td className="px-4 py-2">
              <VacationStatusBadge status={vacation.status} />
            </td>
            <td className="max-w-64 px-4 py-2 break-words text-slate-700">
              {vacation.notes ?? (vacation.rejection_reason ? null : "–")}
              {vacation.rejection_reason && (
                <span className={classNames("block text-slate-800", vacation.notes && "mt-1")}>
                  <span className="font-medium">Begründung:</span> {vacation.rejection_reason}
                </span>
              )}
            </td>
            {actions && (
              <td className="px-4 py-2 text-right">
                <div className="flex justify-end gap-1">
                  {requested && (
                    <>
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => actions.onApprove(vacation)}
                        disabled={actions.approvingId !== null}
                        aria-label={`${requestLabel} genehmigen`}
                      >
                        {approving ? "Wird genehmigt..." : "Genehmigen"}
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => actions.onReject(vacation)}
                        disabled={approving}
                        aria-label={`${requestLabel} ablehnen`}
                      >
                        Ablehnen
                      </Button>
                    </>
                  )}
                  {vacation.status !== "rejected" && (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => actions.onEdit(vacation)}
                      disabled={approving}
                      aria-label={`${label} bearbeiten`}
                    >
                      Bearbeiten
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-red-700 hover:bg-red-50"
                    onClick={() => actions.onDelete(vacation)}
                    disabled={approving}
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
