// GET /api/employees – active employees (everyone); POST – create one (admin)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { findEmployees } from "@/lib/server/employees/find-employees";
import { createEmployee } from "@/lib/server/employees/write-employees";
import { projectEmployees, viewerOf } from "@/lib/server/privacy/viewer";
import * as api from "@/lib/shared/contract/employees";

// Any query (e.g. the client's cache-buster) is ignored. A linked user sees colleagues by name (PRODUCT-RULES §31.2).
export const GET = route(api.listEmployees, async ({ user }) =>
  json(projectEmployees(viewerOf(user), await findEmployees(), user)),
);

export const POST = route(api.createEmployee, async ({ body, audit }) =>
  json(await createEmployee({ input: body, audit }), 201),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
