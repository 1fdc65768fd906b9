// POST /api/terminals/[id]/revoke – revoke a terminal for good (admin, docs/PRODUCT-RULES.md §32.4)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { revokeTerminal } from "@/lib/server/terminals/write-terminals";
import * as api from "@/lib/shared/contract/terminals";

export const POST = route(api.revokeTerminal, async ({ params, audit }) =>
  json(await revokeTerminal({ terminalId: params.id, audit })),
);

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
