// GET /api/time-accounts/statement/pdf?employee_id&month – an employee's Monatsabrechnung Arbeitszeit (managers,
// admins; docs/PRODUCT-RULES.md §34.5)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { route } from "@/lib/server/api/route";
import { businessToday } from "@/lib/server/clock";
import { config } from "@/lib/server/config";
import { db } from "@/lib/server/db/client";
import { statementDownload } from "@/lib/server/time-accounts/statement";
import * as api from "@/lib/shared/contract/payroll";

export const dynamic = "force-dynamic";

export const GET = route(api.getStatementPdf, ({ query }) =>
  statementDownload(db, {
    employeeId: query.employee_id,
    month: query.month,
    today: businessToday(),
    timeZone: config.timeZone,
    now: new Date(),
  }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
