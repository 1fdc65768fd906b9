// GET /api/employees/[id] – one active employee (everyone); PUT – change it; DELETE – archive it (admin)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { getEmployee } from "@/lib/server/employees/find-employees";
import { archiveEmployee, updateEmployee } from "@/lib/server/employees/write-employees";
import { projectEmployee, viewerOf } from "@/lib/server/privacy/viewer";
import * as api from "@/lib/shared/contract/employees";

// A linked user sees a colleague by name only (docs/PRODUCT-RULES.md §31.2).
export const GET = route(api.getEmployee, async ({ params, user }) =>
  json(projectEmployee(viewerOf(user), await getEmployee({ id: params.id }), user)),
);

export const PUT = route(api.updateEmployee, async ({ params, body, audit }) =>
  json(await updateEmployee({ id: params.id, input: body, audit })),
);

export const DELETE = route(api.archiveEmployee, async ({ params, audit }) => {
  await archiveEmployee({ id: params.id, audit });
  return json({ message: "Mitarbeiter gelöscht" });
});

export const { POST, PATCH, OPTIONS } = otherMethods("GET", "PUT", "DELETE");
