// GET /api/holiday-regions – the holiday regions one can choose (everyone)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { findHolidayRegions } from "@/lib/server/holidays/find-holidays";
import * as api from "@/lib/shared/contract/holidays";

export const GET = route(api.listHolidayRegions, async () => json(findHolidayRegions()));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
