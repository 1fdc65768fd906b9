// GET /api/audit/people – the users in the caller's history, for its person filter (manager, admin)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { findAuditPeople } from "@/lib/server/audit/find-audit";
import { json, route } from "@/lib/server/api/route";
import * as api from "@/lib/shared/contract/audit";

export const GET = route(api.listAuditPeople, async ({ user }) => json(await findAuditPeople({ role: user.role })));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
