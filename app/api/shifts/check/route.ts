// POST /api/shifts/check – the findings a shift would have, writing nothing (manager, admin)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { checkShift } from "@/lib/server/rules/find-findings";
import * as api from "@/lib/shared/contract/shifts";

export const POST = route(api.checkShift, async ({ body }) => json(await checkShift(body)));

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
