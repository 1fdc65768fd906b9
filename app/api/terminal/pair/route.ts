// POST /api/terminal/pair – pair this browser with a one-time link's token (public, docs/PRODUCT-RULES.md §32.4)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { pairTerminal } from "@/lib/server/terminals/write-terminals";
import * as api from "@/lib/shared/contract/terminals";

export const POST = route(api.pairTerminal, async ({ body, ip }) =>
  json(await pairTerminal({ token: body.token, ip })),
);

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
