// GET /api/dashboard[?date][&week] – the dashboard's figures for the week of date or the next one (everyone)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { getDashboard } from "@/lib/server/dashboard/find-dashboard";
import { viewerOf } from "@/lib/server/privacy/viewer";
import { audienceOf } from "@/lib/server/rules/find-findings";
import * as api from "@/lib/shared/contract/dashboard";

export const GET = route(api.dashboard, async ({ query, user }) =>
  json(await getDashboard({ date: query.date, week: query.week, audience: audienceOf(user), viewer: viewerOf(user) })),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
