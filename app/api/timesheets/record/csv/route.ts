// GET /api/timesheets/record/csv?employee_id&month – an employee's Arbeitszeitnachweis as CSV (time:manage,
// docs/PRODUCT-RULES.md §32.7)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { route } from "@/lib/server/api/route";
import { workRecordDownload } from "@/lib/server/time/work-record-download";
import * as api from "@/lib/shared/contract/work-record";

export const dynamic = "force-dynamic";

export const GET = route(api.workRecordCsv, ({ query }) =>
  workRecordDownload("csv", { employeeId: query.employee_id, month: query.month }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
