// PUT /api/week-templates/[id] – replace a template; DELETE – delete it (admin)
import { z } from "zod";
import { json, route } from "@/lib/server/api/route";
import { deleteWeekTemplate, updateWeekTemplate } from "@/lib/server/week-templates/write-week-templates";
import { idSchema } from "@/lib/shared/schemas/fragments";
import { weekTemplateInputSchema } from "@/lib/shared/schemas/week-template";

const params = z.object({ id: idSchema });

export const PUT = route({ access: "master-data:write", params, body: weekTemplateInputSchema }, async ({ params, body, user, ip }) =>
  json(await updateWeekTemplate({ id: params.id, input: body, actor: user, ip })),
);

export const DELETE = route({ access: "master-data:write", params }, async ({ params, user, ip }) => {
  await deleteWeekTemplate({ id: params.id, actor: user, ip });
  return json({ message: "Vorlage gelöscht" });
});
