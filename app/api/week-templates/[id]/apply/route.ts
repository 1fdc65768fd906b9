// POST /api/week-templates/[id]/apply { start_date } – plan the template's shifts, unassigned, in that week
// (manager, admin)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { applyWeekTemplate } from "@/lib/server/week-templates/write-week-templates";
import * as api from "@/lib/shared/contract/week-templates";

export const POST = route(api.applyWeekTemplate, async ({ params, body, audit }) =>
  json(await applyWeekTemplate({ id: params.id, startDate: body.start_date, audit }), 201),
);

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
