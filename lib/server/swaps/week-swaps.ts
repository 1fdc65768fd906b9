import "server-only";
import type { Db } from "@/lib/server/db/client";
import type { ScheduleWeekDto } from "@/lib/shared/api-types";
import type { SwapKind } from "@/lib/shared/schemas/swap";

type WeekSwaps = ScheduleWeekDto["swaps"];
type Range = { start_date: string; end_date: string };

/** What the week answers those who do not plan. */
export const NO_WEEK_SWAPS: WeekSwaps = { running: 0, marks: [] };

/**
 * The planner's week's offers (docs/PRODUCT-RULES.md §35.7): how many run in all (open or accepted, shifts not
 * begun: the list of GET /api/swaps) and the range's shifts they are about, both of a swap. Read at each request,
 * beside the week's cached answer: offers are not part of the schedule data version.
 */
export async function findWeekSwaps(db: Pick<Db, "$queryRaw">, range: Range, now = new Date()): Promise<WeekSwaps> {
  const rows = await db.$queryRaw<
    {
      kind: SwapKind;
      status: "open" | "accepted";
      shift_id: number | null;
      target_shift_id: number | null;
      shift_date: string;
      target_date: string | null;
    }[]
  >`
    SELECT w.kind::text AS kind, w.status::text AS status, w.shift_id, w.target_shift_id,
           w.shift_text ->> 'shift_date' AS shift_date, w.target_text ->> 'shift_date' AS target_date
    FROM shift_swaps w
    WHERE w.status IN ('open', 'accepted') AND w.starts_at > ${now}
    ORDER BY w.id`;
  const marks: WeekSwaps["marks"] = [];
  for (const row of rows)
    for (const [id, date] of [
      [row.shift_id, row.shift_date],
      [row.target_shift_id, row.target_date],
    ] as const)
      if (id !== null && date !== null && date >= range.start_date && date <= range.end_date)
        marks.push({ shift_id: id, kind: row.kind, status: row.status });
  return { running: rows.length, marks };
}

/** The week's answer text (an object, as cached) with `"swaps"` added as its last member. */
export function withWeekSwaps(text: Uint8Array<ArrayBuffer>, swaps: WeekSwaps): Uint8Array<ArrayBuffer> {
  const tail = new TextEncoder().encode(`,"swaps":${JSON.stringify(swaps)}}`);
  // The object's closing brace is its last byte (JSON.stringify writes no whitespace after it).
  const joined = new Uint8Array(text.byteLength - 1 + tail.byteLength);
  joined.set(text.subarray(0, text.byteLength - 1));
  joined.set(tail, text.byteLength - 1);
  return joined;
}
