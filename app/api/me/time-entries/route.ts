// GET /api/me/time-entries?start_date&end_date – the caller's own entries (linked users, docs/PRODUCT-RULES.md §32.1)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { db } from "@/lib/server/db/client";
import { linkedEmployeeId } from "@/lib/server/self-service/acting-for";
import { findTimeEntries } from "@/lib/server/time/find-time-entries";
import * as api from "@/lib/shared/contract/time";

export const GET = route(api.listMyTimeEntries, async ({ user, query }) =>
  json(
    await findTimeEntries(db, {
      startDate: query.start_date,
      endDate: query.end_date,
      employeeId: linkedEmployeeId(user),
    }),
  ),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
