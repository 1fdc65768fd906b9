// POST /api/schedule/publish – make the draft of a range the plan staff see, and tell each person their changes
// (manager, admin; docs/PRODUCT-RULES.md §33.3)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { publishPlan } from "@/lib/server/publishing/write-publications";
import * as api from "@/lib/shared/contract/schedule";

export const POST = route(api.publishPlan, async ({ body, audit }) => json(await publishPlan({ input: body, audit })));

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
