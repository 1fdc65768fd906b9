// GET /api/reports/hours?start_date&end_date[&employee_id] – hours report JSON (manager, admin)
import { json, route } from "@/lib/server/api/route";
import { hoursReport } from "@/lib/server/reports/hours-report";
import { hoursReportQuerySchema } from "@/lib/shared/schemas/report";

export const GET = route({ access: "reports:read", query: hoursReportQuerySchema }, async ({ query }) => json(await hoursReport(query)));
