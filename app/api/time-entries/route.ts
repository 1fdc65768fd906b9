// GET /api/time-entries?start_date&end_date&employee_id&location_id – everyone's entries; POST – record one after the
// fact with a reason (manager, admin; docs/PRODUCT-RULES.md §32.1)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { db } from "@/lib/server/db/client";
import { findTimeEntries } from "@/lib/server/time/find-time-entries";
import { createTimeEntry } from "@/lib/server/time/write-time-entries";
import * as api from "@/lib/shared/contract/time";

export const GET = route(api.listTimeEntries, async ({ query }) =>
  json(
    await findTimeEntries(db, {
      startDate: query.start_date,
      endDate: query.end_date,
      employeeId: query.employee_id,
      locationId: query.location_id,
    }),
  ),
);

export const POST = route(api.createTimeEntry, async ({ body, audit }) =>
  json(await createTimeEntry({ input: body, audit }), 201),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
