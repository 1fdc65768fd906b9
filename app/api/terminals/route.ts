// GET/POST /api/terminals – list terminals, register one with a pairing link (admin, docs/PRODUCT-RULES.md §32.4)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { listTerminals } from "@/lib/server/terminals/find-terminals";
import { createTerminal } from "@/lib/server/terminals/write-terminals";
import * as api from "@/lib/shared/contract/terminals";

export const GET = route(api.listTerminals, async () => json(await listTerminals()));

export const POST = route(api.createTerminal, async ({ body, audit }) =>
  json(await createTerminal({ input: body, audit }), 201),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
