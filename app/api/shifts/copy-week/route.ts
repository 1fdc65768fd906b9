// POST /api/shifts/copy-week { from_start_date, to_start_date, with_employees } – copy a week's shifts into another
// week (manager, admin)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { copyWeek } from "@/lib/server/shifts/write-week-copy";
import * as api from "@/lib/shared/contract/shifts";

export const POST = route(api.copyWeek, async ({ body, audit }) => json(await copyWeek({ input: body, audit }), 201));

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
