// GET /api/week-templates – all templates with their shifts (everyone); POST – create one (admin)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { findWeekTemplates } from "@/lib/server/week-templates/find-week-templates";
import { createWeekTemplate } from "@/lib/server/week-templates/write-week-templates";
import * as api from "@/lib/shared/contract/week-templates";

export const GET = route(api.listWeekTemplates, async () => json(await findWeekTemplates()));

export const POST = route(api.createWeekTemplate, async ({ body, audit }) =>
  json(await createWeekTemplate({ input: body, audit }), 201),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
