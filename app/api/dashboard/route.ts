// GET /api/dashboard[?date] – the dashboard's figures for the week of date (default: this week) (everyone)
import { z } from "zod";
import { json, route } from "@/lib/server/api/route";
import { dashboardSummary } from "@/lib/server/dashboard/dashboard-summary";
import { dateSchema } from "@/lib/shared/schemas/fragments";

const query = z.object({ date: dateSchema("Bitte gib date als JJJJ-MM-TT an").optional() });

export const GET = route({ access: "schedule:read", query }, async ({ query }) => json(await dashboardSummary({ date: query.date })));
