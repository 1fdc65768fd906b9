// POST /api/shifts/bulk { action, shift_ids, days?, location_id?, to_dates?, with_employees? } – move, copy or delete
// several shifts in one change (manager, admin)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { bulkShifts } from "@/lib/server/shifts/write-bulk";
import * as api from "@/lib/shared/contract/shifts";

export const POST = route(api.bulkShifts, async ({ body, audit }) => json(await bulkShifts({ input: body, audit })));

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
