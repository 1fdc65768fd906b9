import { z } from "zod";
import { holidayDtoSchema, holidayRegionDtoSchema } from "@/lib/shared/schemas/holiday";
import { dateRangeQuerySchema } from "@/lib/shared/schemas/shift";
import { defineOperation } from "./operation";

const tag = "Settings";

export const listHolidayRegions = defineOperation({
  method: "GET",
  path: "/api/holiday-regions",
  id: "listHolidayRegions",
  tag,
  summary: "The holiday regions one can choose",
  description: "Swiss cantons, then German Länder, each sorted by German name.",
  access: "schedule:read",
  scope: "schedule:read",
  responses: [{ status: 200, description: "The regions", schema: z.array(holidayRegionDtoSchema) }],
});

export const listHolidays = defineOperation({
  method: "GET",
  path: "/api/holidays",
  id: "listHolidays",
  tag,
  summary: "Public holidays in a date range (at most 366 days)",
  description:
    "One entry per date and name with the active locations it applies to (a location's own region, " +
    "else the company's). The company region's holidays are always listed, with no location ids when " +
    "no location follows that region. Only public holidays: no optional, bank or observance days.",
  access: "schedule:read",
  scope: "schedule:read",
  query: dateRangeQuerySchema,
  responses: [{ status: 200, description: "The holidays, by date", schema: z.array(holidayDtoSchema) }],
});
