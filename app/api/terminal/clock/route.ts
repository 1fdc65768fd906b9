// POST /api/terminal/clock – stamp for an employee with their PIN (paired terminals only, docs/PRODUCT-RULES.md §32.4)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { terminalClock } from "@/lib/server/terminals/write-terminal-stamp";
import * as api from "@/lib/shared/contract/terminals";

export const POST = route(api.terminalClock, async ({ terminal, body, ip }) =>
  json(await terminalClock({ terminal, input: body, ip })),
);

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
