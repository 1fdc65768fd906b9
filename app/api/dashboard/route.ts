// GET /api/dashboard[?date] – the dashboard's figures for the week of date (default: this week) (everyone)
import { json, route } from "@/lib/server/api/route";
import { getDashboard } from "@/lib/server/dashboard/find-dashboard";
import { isPlanner } from "@/lib/server/self-service/acting-for";
import * as api from "@/lib/shared/contract/dashboard";

export const GET = route(api.dashboard, async ({ query, user }) =>
  json(await getDashboard({ date: query.date, planner: isPlanner(user, "vacations:write") })),
);
