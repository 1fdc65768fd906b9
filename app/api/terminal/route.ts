// GET /api/terminal – the terminal's location and staff tiles (paired terminals only, docs/PRODUCT-RULES.md §32.4)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { terminalScreen } from "@/lib/server/terminals/find-terminals";
import * as api from "@/lib/shared/contract/terminals";

export const GET = route(api.getTerminalScreen, async ({ terminal }) => json(await terminalScreen(terminal)));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
