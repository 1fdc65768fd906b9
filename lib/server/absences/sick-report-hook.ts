import "server-only";
import type { Tx } from "@/lib/server/db/client";

export type SickReport = {
  absenceId: number;
  employeeId: number;
  startDate: string;
  endDate: string;
  openedShiftIds: number[];
};

/**
 * The managers learn of a sick report (docs/PRODUCT-RULES.md §32.2). Today they read it on the dashboard, which
 * lists self-reported sick leave running from today on (find-dashboard.ts), so nothing is written here. The inbox of
 * the notifications issue hooks in at this one place: it runs inside the report's transaction, after the absence
 * and its plan change are written, so a notification stored here is committed or rolled back with the report.
 */
export async function sickReported(_tx: Tx, _report: SickReport): Promise<void> {}
