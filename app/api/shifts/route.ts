// GET /api/shifts?start_date&end_date – shifts of a date range (everyone); POST – plan one (manager, admin)
import { db } from "@/lib/server/db/client";
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, jsonText, route } from "@/lib/server/api/route";
import { shiftsJson } from "@/lib/server/shifts/find-shifts";
import { cachedForScheduleVersion } from "@/lib/server/shifts/schedule-version-cache";
import { createShift } from "@/lib/server/shifts/write-shifts";
import * as api from "@/lib/shared/contract/shifts";
import { can } from "@/lib/shared/roles";

export const GET = route(
  api.listShifts,
  async ({ query, user, scheduleVersion }) => {
    // Staff see the plan as published (docs/PRODUCT-RULES.md §33.3), planners the draft they edit.
    const staff = !can(user.role, "shifts:write");
    const key = `shifts:${staff ? "staff" : "planner"}:${query.start_date ?? ""}:${query.end_date ?? ""}`;
    return jsonText(
      await cachedForScheduleVersion(key, scheduleVersion, () =>
        shiftsJson(db, { startDate: query.start_date, endDate: query.end_date, staff }),
      ),
    );
  },
  { withScheduleVersion: true },
);

export const POST = route(api.createShift, async ({ body, audit }) =>
  json(await createShift({ input: body, audit }), 201),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
