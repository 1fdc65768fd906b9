// PUT /api/me/pin – set the caller's own terminal PIN (linked users, docs/PRODUCT-RULES.md §32.4)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { linkedEmployeeId } from "@/lib/server/self-service/acting-for";
import { setPin } from "@/lib/server/terminals/write-pins";
import * as api from "@/lib/shared/contract/terminals";

export const PUT = route(api.setMyPin, async ({ user, body, audit }) =>
  json(await setPin({ employeeId: linkedEmployeeId(user), pin: body.pin, actor: audit.actor, ip: audit.ip })),
);

export const { GET, POST, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("PUT");
