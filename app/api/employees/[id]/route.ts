// GET /api/employees/[id] – one active employee (everyone); PUT – change it; DELETE – archive it (admin)
import { z } from "zod";
import { json, route } from "@/lib/server/api/route";
import { archiveEmployee } from "@/lib/server/employees/archive-employee";
import { getEmployee } from "@/lib/server/employees/find-employees";
import { updateEmployee } from "@/lib/server/employees/update-employee";
import { employeeUpdateSchema } from "@/lib/shared/schemas/employee";
import { idSchema } from "@/lib/shared/schemas/fragments";

const params = z.object({ id: idSchema });

export const GET = route({ access: "schedule:read", params }, async ({ params }) => json(await getEmployee(params.id)));

export const PUT = route({ access: "master-data:write", params, body: employeeUpdateSchema }, async ({ params, body, user, ip }) =>
  json(await updateEmployee({ id: params.id, input: body, actor: user, ip })),
);

export const DELETE = route({ access: "master-data:write", params }, async ({ params, user, ip }) => {
  await archiveEmployee({ id: params.id, actor: user, ip });
  return json({ message: "Mitarbeiter gelöscht" });
});
