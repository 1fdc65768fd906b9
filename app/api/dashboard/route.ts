// GET /api/dashboard[?date] – the dashboard's figures for the week of date (default: this week) (everyone)
import { json, route } from "@/lib/server/api/route";
import { dashboardSummary } from "@/lib/server/dashboard/dashboard-summary";
import * as api from "@/lib/shared/contract/dashboard";

export const GET = route(api.dashboard, async ({ query }) => json(await dashboardSummary({ date: query.date })));
