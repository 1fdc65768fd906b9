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

/**
 * The vacations list (docs/PRODUCT-RULES.md §31.4): a table on a wide screen whose columns all fit (the buttons wrap
 * to a second line instead of pushing the table wider), one card per vacation below 1280 px, so status and buttons
 * are on screen without scrolling sideways.
 */
export function VacationsTable({ vacations, stale, actions }: Props) {
  return (
    <>
      <DataTable
        minWidthClass=""
        frameClassName={classNames("hidden transition-opacity xl:block", stale && "opacity-60")}
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
        {vacations.map((vacation) => (
          <tr key={vacation.id} className="h-14">
            <td className="px-4 py-2 font-medium text-slate-900">{employeeName(vacation)}</td>
            <td className="px-4 py-2 whitespace-nowrap tabular-nums">{formatDate(vacation.start_date)}</td>
            <td className="px-4 py-2 whitespace-nowrap tabular-nums">{formatDate(vacation.end_date)}</td>
            <td className="px-4 py-2 text-right tabular-nums">{vacation.days_count}</td>
            <td className="px-4 py-2 whitespace-nowrap">
              <VacationStatusBadge status={vacation.status} />
            </td>
            <td className="max-w-56 px-4 py-2 break-words text-slate-700">
              <VacationNotes vacation={vacation} dash />
            </td>
            {actions && (
              <td className="px-4 py-2 text-right">
                {/* Two buttons a line at most: the column stays narrow enough for the table to fit at 1280 px. */}
                <div className="ml-auto flex w-56 flex-wrap justify-end gap-1">
                  <VacationButtons vacation={vacation} actions={actions} />
                </div>
              </td>
            )}
          </tr>
        ))}
      </DataTable>
      <ul
        aria-label="Ferien"
        aria-busy={stale}
        className={classNames("grid gap-3 transition-opacity md:grid-cols-2 xl:hidden", stale && "opacity-60")}
      >
        {vacations.map((vacation) => (
          <li key={vacation.id} className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <p className="font-medium text-slate-900">{employeeName(vacation)}</p>
              <VacationStatusBadge status={vacation.status} />
            </div>
            <p className="mt-1 text-slate-700 tabular-nums">
              {formatDate(vacation.start_date)} – {formatDate(vacation.end_date)} · {vacation.days_count}{" "}
              {vacation.days_count === 1 ? "Tag" : "Tage"}
            </p>
            {(vacation.notes || vacation.rejection_reason) && (
              <p className="mt-1 break-words text-slate-700">
                <VacationNotes vacation={vacation} />
              </p>
            )}
            {actions && (
              <div className="mt-3 flex flex-wrap gap-2">
                <VacationButtons vacation={vacation} actions={actions} />
              </div>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The notes and, for a rejected request, the reason; "–" in the table when there is neither. */
function VacationNotes({ vacation, dash = false }: { vacation: VacationDto; dash?: boolean }) {
  return (
    <>
      {vacation.notes ?? (vacation.rejection_reason || !dash ? null : "–")}
      {vacation.rejection_reason && (
        <span className={classNames("block text-slate-800", vacation.notes && "mt-1")}>
          <span className="font-medium">Begründung:</span> {vacation.rejection_reason}
        </span>
      )}
    </>
  );
}

function VacationButtons({ vacation, actions }: { vacation: VacationDto; actions: VacationActions }) {
  const label = `Ferien von ${employeeName(vacation)} ab ${formatDate(vacation.start_date)}`;
  const requestLabel = `Ferienantrag von ${employeeName(vacation)} ab ${formatDate(vacation.start_date)}`;
  const approving = actions.approvingId === vacation.id;
  return (
    <>
      {vacation.status === "requested" && (
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
    </>
  );
}
