// POST /api/schedule/auto-fill/apply { assignments } – write a proposal, all or none (manager, admin)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { applyFill } from "@/lib/server/auto-fill/write-fill";
import * as api from "@/lib/shared/contract/schedule";

export const POST = route(api.applyAutoFill, async ({ body, audit }) => json(await applyFill({ input: body, audit })));

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
