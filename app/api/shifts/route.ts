// GET /api/shifts?start_date&end_date – shifts of a date range (everyone); POST – plan one (manager, admin)
import { json, jsonText, route } from "@/lib/server/api/route";
import { cachedForScheduleVersion } from "@/lib/server/schedule/schedule-version";
import { shiftsJson } from "@/lib/server/shifts/find-shifts";
import { createShift } from "@/lib/server/shifts/write-shifts";
import { dateRangeQuerySchema, shiftInputSchema } from "@/lib/shared/schemas/shift";

export const GET = route({ access: "schedule:read", query: dateRangeQuerySchema }, async ({ query, scheduleVersion }) =>
  jsonText(
    await cachedForScheduleVersion(`shifts:${query.start_date ?? ""}:${query.end_date ?? ""}`, scheduleVersion, () =>
      shiftsJson({ startDate: query.start_date, endDate: query.end_date }),
    ),
  ),
);

export const POST = route({ access: "shifts:write", body: shiftInputSchema }, async ({ body, user, ip }) =>
  json(await createShift({ input: body, actor: user, ip }), 201),
);
