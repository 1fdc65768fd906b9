// POST /api/terminals/[id]/pairing-link – a new one-time pairing link (admin, docs/PRODUCT-RULES.md §32.4)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { issuePairingLink } from "@/lib/server/terminals/write-terminals";
import * as api from "@/lib/shared/contract/terminals";

export const POST = route(api.issueTerminalPairingLink, async ({ params, audit }) =>
  json(await issuePairingLink({ terminalId: params.id, audit }), 201),
);

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
