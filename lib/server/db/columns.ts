import "server-only";

/**
 * Conversions between API values and Prisma's representation of PostgreSQL
 * `date` and `time` columns (Date objects at UTC midnight / on 1970-01-01 UTC).
 */
export function toDateColumn(isoDate: string): Date {
  return new Date(`${isoDate}T00:00:00.000Z`);
}

export function fromDateColumn(value: Date): string {
  return value.toISOString().slice(0, 10);
}

export function toTimeColumn(hhmm: string): Date {
  return new Date(`1970-01-01T${hhmm.slice(0, 5)}:00.000Z`);
}

export function fromTimeColumn(value: Date): string {
  return value.toISOString().slice(11, 16);
}
