import "server-only";
import { db } from "@/lib/server/db/client";
import { getCompanyHolidayRegion } from "@/lib/server/settings/find-settings";
import type { HolidayDto, HolidayRegionDto } from "@/lib/shared/api-types";
import { HOLIDAY_REGIONS } from "@/lib/shared/schemas/holiday";
import { holidaysIn } from "./holiday-calendar";

export type { HolidayDto, HolidayRegionDto };

/** GET /api/holiday-regions: the regions one can choose, Switzerland first, then Germany, each by name. */
export function findHolidayRegions(): HolidayRegionDto[] {
  return HOLIDAY_REGIONS.map(({ code, name, country }) => ({ code, name, country }));
}

export type HolidayLocation = { id: number; holidayRegion: string | null };

export type HolidaysForLocationsOptions = {
  startDate: string;
  endDate: string;
  companyRegion: string | null;
  /** The active locations; each follows its own region, else the company's. */
  locations: HolidayLocation[];
};

/**
 * The public holidays of the range for the company and its locations (docs/PRODUCT-RULES.md §22),
 * one entry per date and name with the locations it applies to, sorted by date, then name.
 * The company region's holidays are always listed (they count for vacations and target hours),
 * with no location ids when no location follows that region.
 */
export function holidaysForLocations({
  startDate,
  endDate,
  companyRegion,
  locations,
}: HolidaysForLocationsOptions): HolidayDto[] {
  const locationsByRegion = new Map<string, number[]>();
  if (companyRegion) locationsByRegion.set(companyRegion, []);
  for (const location of locations) {
    const region = location.holidayRegion ?? companyRegion;
    if (region) locationsByRegion.set(region, [...(locationsByRegion.get(region) ?? []), location.id]);
  }
  const entries = new Map<string, HolidayDto>();
  for (const [region, ids] of locationsByRegion) {
    for (const holiday of holidaysIn(region, startDate, endDate)) {
      const key = `${holiday.date}|${holiday.name}`;
      const entry = entries.get(key) ?? { date: holiday.date, name: holiday.name, location_ids: [] };
      entry.location_ids.push(...ids);
      entries.set(key, entry);
    }
  }
  return [...entries.values()]
    .map((entry) => ({ ...entry, location_ids: entry.location_ids.sort((a, b) => a - b) }))
    .sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name, "de-CH"));
}

export type FindHolidaysOptions = { startDate: string; endDate: string };

/** GET /api/holidays?start_date&end_date: holidaysForLocations for the settings and the active locations. */
export async function findHolidays({ startDate, endDate }: FindHolidaysOptions): Promise<HolidayDto[]> {
  const [companyRegion, locations] = await Promise.all([
    getCompanyHolidayRegion(db),
    db.location.findMany({ where: { archivedAt: null }, select: { id: true, holidayRegion: true } }),
  ]);
  return holidaysForLocations({ startDate, endDate, companyRegion, locations });
}
