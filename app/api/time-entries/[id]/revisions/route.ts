// GET /api/time-entries/[id]/revisions – an entry's changes (manager, admin, and the employee it concerns;
// docs/PRODUCT-RULES.md §32.1)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { db } from "@/lib/server/db/client";
import { assertActsFor } from "@/lib/server/self-service/acting-for";
import { entryEmployeeId, findRevisions } from "@/lib/server/time/find-time-entries";
import * as api from "@/lib/shared/contract/time";

export const GET = route(api.listTimeEntryRevisions, async ({ user, params }) => {
  assertActsFor(user, await entryEmployeeId(db, params.id), "time:manage");
  return json(await findRevisions(db, params.id));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
