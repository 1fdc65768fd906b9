import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { businessToday } from "@/lib/server/clock";
import { db, type Db } from "@/lib/server/db/client";
import type { ClockAction } from "@/lib/shared/schemas/time-entry";
import type { TerminalDto, TerminalScreen, TerminalTile } from "@/lib/shared/schemas/terminal";
import type { TerminalCaller } from "./authenticate-terminal";
import { TERMINAL_SELECT, toTerminalDto } from "./terminal-dto";

/**
 * Who a terminal stamps for (docs/PRODUCT-RULES.md §32.4): the active employees whose Einsatzorte include its
 * location (none recorded = every location, lib/shared/employee-locations.ts) — the people `clock` lets stamp in
 * there — and those a manager planned there today or yesterday (a night shift) outside their Einsatzorte, whom
 * `clock` lets stamp in for that shift, and anyone stamped in there now, who must be able to stamp out.
 */
const staffOf = (locationId: number, today: string) => Prisma.sql`
  e.archived_at IS NULL AND (
    NOT EXISTS (SELECT 1 FROM employee_locations el WHERE el.employee_id = e.id)
    OR EXISTS (SELECT 1 FROM employee_locations el WHERE el.employee_id = e.id AND el.location_id = ${locationId})
    OR EXISTS (SELECT 1 FROM shifts s WHERE s.employee_id = e.id AND s.location_id = ${locationId}
                 AND s.shift_date BETWEEN ${today}::date - 1 AND ${today}::date)
    OR EXISTS (SELECT 1 FROM time_entries r WHERE r.employee_id = e.id AND r.status = 'running'
                 AND r.location_id = ${locationId}))`;

type TileRow = {
  id: number;
  first_name: string;
  last_name: string;
  planned_start: string | null;
  running: boolean;
  on_break: boolean;
  has_pin: boolean;
};

const NEXT: Record<TerminalTile["state"], ClockAction[]> = {
  out: ["in"],
  in: ["break_start", "out"],
  break: ["break_end", "out"],
};

/**
 * The terminal's screen: its location and its staff as name tiles — today's planned people first (by their
 * shift's start), then by first name. A tile carries the first name and the last name's initial (the full last
 * name where two would read alike), the clock state and whether a PIN is set: nothing else of the person.
 */
export async function terminalScreen(terminal: TerminalCaller): Promise<TerminalScreen> {
  const today = businessToday();
  const rows = await db.$queryRaw<TileRow[]>`
    SELECT e.id, e.first_name, e.last_name,
           (SELECT to_char(min(s.start_time), 'HH24:MI') FROM shifts s
            WHERE s.employee_id = e.id AND s.location_id = ${terminal.locationId}
              AND s.shift_date = ${today}::date) AS planned_start,
           te.id IS NOT NULL AS running,
           EXISTS (SELECT 1 FROM time_breaks b WHERE b.entry_id = te.id AND b.end_at IS NULL) AS on_break,
           EXISTS (SELECT 1 FROM employee_pins p WHERE p.employee_id = e.id) AS has_pin
    FROM employees e
    LEFT JOIN time_entries te ON te.employee_id = e.id AND te.status = 'running'
    WHERE ${staffOf(terminal.locationId, today)}
    ORDER BY planned_start NULLS LAST, e.first_name COLLATE "de-CH-x-icu", e.last_name COLLATE "de-CH-x-icu", e.id`;
  const short = (row: TileRow) => `${row.first_name} ${row.last_name.slice(0, 1)}.`.trim();
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(short(row), (counts.get(short(row)) ?? 0) + 1);
  return {
    terminal_name: terminal.name,
    location_name: terminal.locationName,
    server_time: new Date().toISOString(),
    staff: rows.map((row) => {
      const state = !row.running ? "out" : row.on_break ? "break" : "in";
      return {
        employee_id: row.id,
        name: counts.get(short(row))! > 1 ? `${row.first_name} ${row.last_name}` : short(row),
        planned_today: row.planned_start !== null,
        state,
        next_actions: NEXT[state],
        has_pin: row.has_pin,
      };
    }),
  };
}

/** Whether the terminal stamps for this employee (404 otherwise, before any PIN is judged). */
export async function isTerminalStaff(client: Db, locationId: number, employeeId: number): Promise<boolean> {
  const [row] = await client.$queryRaw<{ ok: boolean }[]>`
    SELECT EXISTS (
      SELECT 1 FROM employees e WHERE e.id = ${employeeId} AND ${staffOf(locationId, businessToday())}) AS ok`;
  return row?.ok === true;
}

/** Every terminal, revoked ones too (they stay as history), by location and name. */
export async function listTerminals(): Promise<TerminalDto[]> {
  const rows = await db.terminal.findMany({
    select: TERMINAL_SELECT,
    orderBy: [{ location: { name: "asc" } }, { name: "asc" }, { id: "asc" }],
  });
  const now = new Date();
  return rows.map((row) => toTerminalDto(row, now));
}
