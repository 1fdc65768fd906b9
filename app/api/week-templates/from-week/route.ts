// POST /api/week-templates/from-week { name, description, start_date } – save a week's shifts as a template (admin)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { createWeekTemplateFromWeek } from "@/lib/server/week-templates/write-week-templates";
import * as api from "@/lib/shared/contract/week-templates";

export const POST = route(api.createWeekTemplateFromWeek, async ({ body, audit }) =>
  json(await createWeekTemplateFromWeek({ input: body, audit }), 201),
);

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
