// GET /api/employees – active employees (everyone); POST – create one (admin)
import { json, route } from "@/lib/server/api/route";
import { createEmployee } from "@/lib/server/employees/update-employee";
import { listEmployees } from "@/lib/server/employees/find-employees";
import * as api from "@/lib/shared/contract/employees";

// Any query (e.g. the client's cache-buster) is ignored.
export const GET = route(api.listEmployees, async () => json(await listEmployees()));

export const POST = route(api.createEmployee, async ({ body, user, ip }) =>
  json(await createEmployee({ input: body, actor: user, ip }), 201),
);
