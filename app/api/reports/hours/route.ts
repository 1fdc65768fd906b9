// GET /api/reports/hours?start_date&end_date[&employee_id] – hours report JSON (manager, admin)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { getHoursReport } from "@/lib/server/reports/find-reports";
import * as api from "@/lib/shared/contract/reports";

export const GET = route(api.hoursReport, async ({ query }) => json(await getHoursReport(query)));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
