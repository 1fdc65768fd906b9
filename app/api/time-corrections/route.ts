// GET /api/time-corrections?status – correction requests, open ones by default (manager, admin;
// docs/PRODUCT-RULES.md §32.1)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { db } from "@/lib/server/db/client";
import { findCorrections } from "@/lib/server/time/find-time-entries";
import * as api from "@/lib/shared/contract/time";

export const GET = route(api.listTimeCorrections, async ({ query }) => json(await findCorrections(db, query.status)));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
