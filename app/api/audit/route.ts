// GET /api/audit?cursor&limit&user_id&kind&from&to – the history as sentences (managers: plan and vacation changes,
// admins: everything; docs/PRODUCT-RULES.md §27.5)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { findAudit } from "@/lib/server/audit/find-audit";
import { json, route } from "@/lib/server/api/route";
import * as api from "@/lib/shared/contract/audit";

export const GET = route(api.listAudit, async ({ query, user }) => json(await findAudit({ query, role: user.role })));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
