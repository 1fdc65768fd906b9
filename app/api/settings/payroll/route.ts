// GET /api/settings/payroll – surcharges, wage types, CSV columns, DATEV numbers (managers, admins); PUT (admins)
import { db } from "@/lib/server/db/client";
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { getPayrollSettings, updatePayrollSettings } from "@/lib/server/settings/payroll-settings";
import * as api from "@/lib/shared/contract/payroll";

export const GET = route(api.getPayrollSettings, async () => json(await getPayrollSettings(db)));

export const PUT = route(api.updatePayrollSettings, async ({ body, audit }) =>
  json(await updatePayrollSettings({ input: body, audit })),
);

export const { POST, PATCH, DELETE, OPTIONS } = otherMethods("GET", "PUT");
