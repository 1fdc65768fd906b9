import type { ReactNode } from "react";
import { classNames } from "@/lib/shared/class-names";

/** A column heading; `false` leaves the column out (e.g. "Aktionen" for a role that may not act). */
export type DataTableColumn = { label: ReactNode; align?: "right" } | false;

type DataTableProps = {
  columns: DataTableColumn[];
  /** The width below which the table scrolls sideways, a Tailwind class such as "min-w-[640px]". */
  minWidthClass: string;
  /** Extra classes for the scrolling frame (e.g. dimming stale rows). */
  frameClassName?: string;
  busy?: boolean;
  /** The rows (`<tr>` elements). */
  children: ReactNode;
};

/** The list screens' table: a bordered frame that scrolls sideways on a phone, headings, then the rows. */
export function DataTable({ columns, minWidthClass, frameClassName, busy, children }: DataTableProps) {
  return (
    <div
      className={classNames("overflow-x-auto rounded-xl border border-slate-200 bg-white", frameClassName)}
      aria-busy={busy}
    >
      <table className={classNames("w-full text-left text-sm", minWidthClass)}>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            {columns.map(
              (column, index) =>
                column && (
                  <th
                    key={index}
                    scope="col"
                    className={classNames("px-4 py-3 font-medium", column.align === "right" && "text-right")}
                  >
                    {column.label}
                  </th>
                ),
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}
