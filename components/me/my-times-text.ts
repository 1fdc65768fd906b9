/** How "Meine Zeiten" prints times (docs/PRODUCT-RULES.md §32.7): h:mm like the Arbeitszeitnachweis, de-CH clock. */
export function hoursMinutes(minutes: number, signed = false): string {
  const sign = minutes < 0 ? "−" : signed && minutes > 0 ? "+" : "";
  const abs = Math.abs(Math.round(minutes));
  return `${sign}${Math.floor(abs / 60)}:${String(abs % 60).padStart(2, "0")}`;
}

/** "08:05" of an instant, in the browser's zone (the business's, docs/PRODUCT-RULES.md §13). */
export function clockTime(iso: string): string {
  const at = new Date(iso);
  return `${String(at.getHours()).padStart(2, "0")}:${String(at.getMinutes()).padStart(2, "0")}`;
}

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
