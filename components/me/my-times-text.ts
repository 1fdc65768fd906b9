import { clockTime } from "./stamp-text";

// How "Meine Zeiten" prints instants (docs/PRODUCT-RULES.md §32.7), in the browser's zone (the business's, §13).

/** "28.11.2026, 14:05" of an instant. */
export function dateTime(iso: string): string {
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(at.getDate())}.${pad(at.getMonth() + 1)}.${at.getFullYear()}, ${clockTime(iso)}`;
}

/** The instant of a local "HH:mm" on an entry's day; an end before the start is on the next day (a night). */
export function instantOn(date: string, time: string, after?: string): string {
  const at = new Date(`${date}T${time}:00`);
  if (after && at.getTime() <= new Date(after).getTime()) at.setDate(at.getDate() + 1);
  return at.toISOString();
}
