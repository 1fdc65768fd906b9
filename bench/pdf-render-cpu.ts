// CPU time of rendering the schedule PDF of bench P4's large month (500 employees, 50 locations, April 2030) in
// this process, without server or database: the month is built as bench/lib/seed.mjs seeds it, in the shape
// getScheduleData reads it. Load on a shared machine changes wall times but hardly the CPU time of one thread,
// so old and new versions compare by `process.cpuUsage()` (docs/PERFORMANCE.md P4). The first render of a process
// (a fresh PDF worker) lays every text out; the later ones find the layouts kept (fonts.ts encodeKept): both are
// printed. Every render must give the first one's bytes (creation date and document ID aside), or the script
// exits 1: a layout kept from an earlier document must not change a later one. An older version runs from a
// checkout of its own with this file copied in.
//   node --conditions=react-server --import tsx bench/pdf-render-cpu.ts [runs] [--write dir]
import { writeFileSync } from "node:fs";
import path from "node:path";
import { buildScheduleReport, type ScheduleData } from "@/lib/server/reports/build-schedule-report";
import { renderSchedulePdf } from "@/lib/server/reports/pdf/schedule-pdf";

const FIRST = ["Ayşe", "Łukasz", "Anna", "Luca", "Mia", "Noah", "Lea", "Elias", "Şule", "Jan"];
const LAST = ["Şahin", "Ağaoğlu", "Müller", "Meier", "Schmid", "Keller", "Weber", "Huber", "Nowak", "Brunner"];
const COLORS = ["#3B82F6", "#EF4444", "#10B981", "#F59E0B", "#8B5CF6", "#EC4899", "#06B6D4", "#84CC16", "#F97316"];

/** The month of bench/pdf-vs-health.mjs's LARGE company (seedStaff's rules), as `getScheduleData` returns it. */
export function benchMonth(rows: "locations" | "employees", employees = 500, locationCount = 50): ScheduleData {
  const locations = Array.from({ length: locationCount }, (_, i) => ({
    id: i + 1,
    name: `L Filiale ${i + 1}`,
    color: [...COLORS, "#6366F1"][(i + 1) % 10],
  }));
  const people = Array.from({ length: employees }, (_, i) => {
    const g = i + 1;
    return { id: 1000 + g, firstName: FIRST[g % 10], lastName: `${LAST[Math.floor(g / 10) % 10]} L${g}` };
  });
  const days: string[] = [];
  for (let d = 1; d <= 30; d++) {
    const day = `2030-04-${String(d).padStart(2, "0")}`;
    const dow = new Date(`${day}T00:00:00Z`).getUTCDay();
    if (dow !== 0 && dow !== 6) days.push(day);
  }
  const hh = (h: number) => `${String(h % 24).padStart(2, "0")}:00`;
  const cells = new Map<string, [number, string, [string | null, string, string, null, number, number | null][]]>();
  days.forEach((day, dayIndex) => {
    people.forEach((person, i) => {
      const n = i + 1;
      const open = (n + dayIndex + 1) % 23 === 0;
      const night = n % 17 === 0;
      const start = night ? "22:00" : hh(6 + (n % 4) * 2);
      const end = night ? "06:00" : hh(14 + (n % 4) * 2);
      const location = locations[n % locationCount].id;
      const key = `${location} ${day}`;
      if (!cells.has(key)) cells.set(key, [location, day, []]);
      cells
        .get(key)![2]
        .push([open ? null : `${person.firstName} ${person.lastName}`, start, end, null, 30, open ? null : person.id]);
    });
  });
  for (const cell of cells.values()) cell[2].sort((a, b) => a[1].localeCompare(b[1]));
  return {
    startDate: "2030-04-01",
    endDate: "2030-04-30",
    timeZone: "Europe/Zurich",
    rows,
    companyName: null,
    locations,
    employees: rows === "employees" ? people : undefined,
    vacations: [],
    cells: JSON.stringify([...cells.values()]),
    holidays: [],
  };
}

/** A PDF's bytes without its creation date and the document ID derived from it. */
const undated = (pdf: Uint8Array) =>
  Buffer.from(pdf)
    .toString("latin1")
    .replace(/\(D:\d+Z\)/g, "(D)")
    .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/g, "/ID");

const runs = Number(process.argv[2] ?? 5);
const writeAt = process.argv.indexOf("--write");
const dir = writeAt > 0 ? process.argv[writeAt + 1] : null;
for (const rows of ["locations", "employees"] as const) {
  const data = benchMonth(rows);
  const times: number[] = [];
  let first = 0;
  let firstBytes = "";
  for (let i = 0; i <= runs; i++) {
    const before = process.cpuUsage();
    const pdf = await renderSchedulePdf(buildScheduleReport(data), {
      printedAt: "27.11.2026 14:00",
      root: process.cwd(),
    });
    const used = process.cpuUsage(before);
    const ms = (used.user + used.system) / 1000;
    if (i === 0) first = ms;
    else times.push(ms);
    const bytes = undated(pdf);
    if (i === 0) firstBytes = bytes;
    else if (bytes !== firstBytes) {
      console.error(`${rows}: render ${i + 1} differs from the first`);
      process.exitCode = 1;
    }
    if (dir && i === 0) writeFileSync(path.join(dir, `${rows}.pdf`), pdf);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${rows}: CPU ms per render median ${times[Math.floor(times.length / 2)].toFixed(0)} ` +
      `(min ${times[0].toFixed(0)}; ${times.map((v) => v.toFixed(0)).join(" ")}); first render ${first.toFixed(0)}`,
  );
}
