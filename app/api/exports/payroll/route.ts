// GET /api/exports/payroll?month&format – a month's hours per employee and wage type, DATEV LODAS or CSV (managers,
// admins; docs/PRODUCT-RULES.md §34.4)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { route } from "@/lib/server/api/route";
import { businessToday } from "@/lib/server/clock";
import { config } from "@/lib/server/config";
import { db } from "@/lib/server/db/client";
import { payrollExport } from "@/lib/server/payroll/payroll-export";
import * as api from "@/lib/shared/contract/payroll";

export const dynamic = "force-dynamic";

export const GET = route(api.exportPayroll, async ({ query }) =>
  payrollExport(db, {
    month: query.month,
    format: query.format,
    today: businessToday(),
    timeZone: config.timeZone,
    now: new Date(),
  }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
