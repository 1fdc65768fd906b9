// POST /api/week-templates/[id]/apply { start_date } – plan the template's shifts, unassigned, in that week (manager, admin)
import { z } from "zod";
import { json, route } from "@/lib/server/api/route";
import { applyWeekTemplate } from "@/lib/server/week-templates/write-week-templates";
import { idSchema } from "@/lib/shared/schemas/fragments";
import { applyTemplateSchema } from "@/lib/shared/schemas/week-template";

const params = z.object({ id: idSchema });

export const POST = route({ access: "shifts:write", params, body: applyTemplateSchema }, async ({ params, body, user, ip }) =>
  json(await applyWeekTemplate({ id: params.id, startDate: body.start_date, actor: user, ip }), 201),
);
