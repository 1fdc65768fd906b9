// POST /api/schedule/auto-fill { start_date, end_date, location_ids? } – propose employees for the open shifts of a
// range, writing nothing (manager, admin)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { proposeAutoFill } from "@/lib/server/auto-fill/find-fill-proposal";
import * as api from "@/lib/shared/contract/schedule";

export const POST = route(api.proposeAutoFill, async ({ body }) => json(await proposeAutoFill(body)));

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
