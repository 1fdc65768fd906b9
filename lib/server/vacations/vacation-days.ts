import "server-only";
import type { Tx } from "@/lib/server/db/client";
import { toDateColumn } from "@/lib/server/db/columns";
import { holidayDatesIn } from "@/lib/server/holidays/holiday-calendar";
import { getCompanyHolidayRegion } from "@/lib/server/settings/find-settings";
import { eachDate, isoWeekday } from "@/lib/shared/dates";

/**
 * The days a vacation from start to end charges (docs/PRODUCT-RULES.md §9.1, §22.5): its Monday-Friday
 * days that are not public holidays of the company's region (`region`, null = none).
 */
export function chargedDays(start: string, end: string, region: string | null): string[] {
  const holidays = holidayDatesIn(region, start, end);
  return eachDate(start, end).filter((day) => isoWeekday(day) <= 5 && !holidays.has(day));
}

/** chargedDays with the company's region as it is now, read inside the vacation's transaction. */
export async function vacationDaysOf(tx: Tx, start: string, end: string): Promise<string[]> {
  return chargedDays(start, end, await getCompanyHolidayRegion(tx));
}

/** Charged days per calendar year, e.g. { 2026: 4, 2027: 5 }: each year's balance is charged separately. */
export function daysByYear(days: string[]): Map<number, number> {
  const result = new Map<number, number>();
  for (const day of days) result.set(Number(day.slice(0, 4)), (result.get(Number(day.slice(0, 4))) ?? 0) + 1);
  return result;
}

/**
 * Stores what a vacation charges, one vacation_days row per day, in the vacation's transaction.
 * "Days used" is counted from these rows, so a vacation keeps what it was charged when the
 * region changes later (docs/PRODUCT-RULES.md §22).
 */
export async function replaceVacationDays(tx: Tx, vacationId: number, days: string[]): Promise<void> {
  await tx.vacationDay.deleteMany({ where: { vacationId } });
  if (days.length)
    await tx.vacationDay.createMany({ data: days.map((day) => ({ vacationId, day: toDateColumn(day) })) });
}
