// PUT /api/week-templates/[id] – replace a template; DELETE – delete it (admin)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { deleteWeekTemplate, updateWeekTemplate } from "@/lib/server/week-templates/write-week-templates";
import * as api from "@/lib/shared/contract/week-templates";

export const PUT = route(api.updateWeekTemplate, async ({ params, body, audit }) =>
  json(await updateWeekTemplate({ id: params.id, input: body, audit })),
);

export const DELETE = route(api.deleteWeekTemplate, async ({ params, audit }) => {
  await deleteWeekTemplate({ id: params.id, audit });
  return json({ message: "Vorlage gelöscht" });
});

export const { GET, POST, PATCH, HEAD, OPTIONS } = otherMethods("PUT", "DELETE");
