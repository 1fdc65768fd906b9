// GET /api/holidays?start_date&end_date – public holidays per location (everyone)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { json, route } from "@/lib/server/api/route";
import { findHolidays } from "@/lib/server/holidays/find-holidays";
import * as api from "@/lib/shared/contract/holidays";

export const GET = route(api.listHolidays, async ({ query }) =>
  json(await findHolidays({ startDate: query.start_date, endDate: query.end_date })),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
