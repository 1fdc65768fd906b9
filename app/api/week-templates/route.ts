// GET /api/week-templates – all templates with their shifts (everyone); POST – create one (admin)
import { json, route } from "@/lib/server/api/route";
import { findWeekTemplates } from "@/lib/server/week-templates/find-week-templates";
import { createWeekTemplate } from "@/lib/server/week-templates/write-week-templates";
import { weekTemplateInputSchema } from "@/lib/shared/schemas/week-template";

export const GET = route({ access: "schedule:read" }, async () => json(await findWeekTemplates()));

export const POST = route({ access: "master-data:write", body: weekTemplateInputSchema }, async ({ body, user, ip }) =>
  json(await createWeekTemplate({ input: body, actor: user, ip }), 201),
);
