// PUT /api/week-templates/[id] – replace a template; DELETE – delete it (admin)
import { json, route } from "@/lib/server/api/route";
import { deleteWeekTemplate, updateWeekTemplate } from "@/lib/server/week-templates/write-week-templates";
import { idParamsSchema } from "@/lib/shared/schemas/fragments";
import { weekTemplateInputSchema } from "@/lib/shared/schemas/week-template";

export const PUT = route({ access: "master-data:write", params: idParamsSchema, body: weekTemplateInputSchema }, async ({ params, body, user, ip }) =>
  json(await updateWeekTemplate({ id: params.id, input: body, actor: user, ip })),
);

export const DELETE = route({ access: "master-data:write", params: idParamsSchema }, async ({ params, user, ip }) => {
  await deleteWeekTemplate({ id: params.id, actor: user, ip });
  return json({ message: "Vorlage gelöscht" });
});
