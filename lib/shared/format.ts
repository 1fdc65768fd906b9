/** de-CH display formats (docs/PRODUCT-RULES.md §18.1): dates dd.MM.yyyy, weekdays Mo … So, hours with one decimal. */
export const WEEKDAYS_SHORT = ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"] as const;

/** 2026-11-23 → 23.11.2026 */
export function formatDate(isoDate: string): string {
  return `${isoDate.slice(8, 10)}.${isoDate.slice(5, 7)}.${isoDate.slice(0, 4)}`;
}

/** 2026-11-23 → 23.11. */
export function formatDayMonth(isoDate: string): string {
  return `${isoDate.slice(8, 10)}.${isoDate.slice(5, 7)}.`;
}

/** 2026-11 → 11.2026 (a month, as payroll and the time account name it) */
export function formatMonthYear(month: string): string {
  return `${month.slice(5, 7)}.${month.slice(0, 4)}`;
}

/** ISO 8601 week number (week 1 contains 4 January). */
export function isoWeekNumber(isoDate: string): number {
  const date = new Date(`${isoDate}T00:00:00Z`);
  const weekday = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - weekday); // the week's Thursday decides the year
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  return Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7);
}

// Made on first use, not when the module loads: a page's first Intl call starts ICU (tens of ms).
let dateOfTimestamp: Intl.DateTimeFormat | undefined;

/** ISO timestamp → dd.MM.yyyy in the viewer's time zone (e.g. a user's creation date). */
export function formatTimestampDate(isoTimestamp: string): string {
  dateOfTimestamp ??= new Intl.DateTimeFormat("de-CH", { day: "2-digit", month: "2-digit", year: "numeric" });
  return dateOfTimestamp.format(new Date(isoTimestamp));
}

const timestampFormats = new Map<boolean, Intl.DateTimeFormat>();

/**
 * ISO timestamp → "24.11.2026 14:03" in the viewer's time zone (the history's entries, the inbox's messages); with
 * `seconds`, "24.11.2026 14:03:09" (a webhook's deliveries, several of which may come in one minute).
 */
export function formatTimestamp(isoTimestamp: string, { seconds = false }: { seconds?: boolean } = {}): string {
  let format = timestampFormats.get(seconds);
  if (!format) {
    format = new Intl.DateTimeFormat("de-CH", {
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      ...(seconds && { second: "2-digit" }),
      hourCycle: "h23",
    });
    timestampFormats.set(seconds, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(isoTimestamp)).map((part) => [part.type, part.value]));
  const time = `${parts.hour}:${parts.minute}${seconds ? `:${parts.second}` : ""}`;
  return `${parts.day}.${parts.month}.${parts.year} ${time}`;
}

/** "monatsabrechnung-2026-11-lea-muster.pdf": a person's file of a month, ASCII, umlauts spelled out. */
export function personFileName(prefix: string, month: string, name: string, extension: string): string {
  const slug = name
    .toLowerCase()
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .replace(/ß/g, "ss")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return `${prefix}-${month}${slug ? `-${slug}` : ""}.${extension}`;
}
