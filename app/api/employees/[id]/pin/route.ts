// PUT/DELETE /api/employees/[id]/pin – set or remove an employee's terminal PIN (admin, docs/PRODUCT-RULES.md §32.4)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, noContent, route } from "@/lib/server/api/route";
import { removePin, setPin } from "@/lib/server/terminals/write-pins";
import * as api from "@/lib/shared/contract/terminals";

export const PUT = route(api.setEmployeePin, async ({ params, body, audit }) =>
  json(await setPin({ employeeId: params.id, pin: body.pin, actor: audit.actor, ip: audit.ip })),
);

export const DELETE = route(api.removeEmployeePin, async ({ params, audit }) => {
  await removePin({ employeeId: params.id, actor: audit.actor, ip: audit.ip });
  return noContent();
});

export const { GET, POST, PATCH, HEAD, OPTIONS } = otherMethods("PUT", "DELETE");
