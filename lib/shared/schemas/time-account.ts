/**
 * The time account ("Zeitkonto", docs/PRODUCT-RULES.md §34.3): its query and answer, the bookings and the opening
 * balance.
 */
import { z } from "zod";
import { MAX_YEAR, MIN_YEAR } from "@/lib/shared/dates";
import { idSchema, MAX_TEXT, plainDecimalSchema, refIdSchema } from "./fragments";
import { date, id, timestamp } from "./response-fields";
import { monthSchema } from "./timesheet";

const BAD_YEAR = "Bitte gib year als Jahreszahl an";
const YEAR_OUTSIDE = `Jahr muss zwischen ${MIN_YEAR} und ${MAX_YEAR} liegen`;
const BAD_MONTH = "Bitte gib month als Zahl von 1 bis 12 an";

/** GET /api/time-accounts: a year, or one month of it; one employee or all. */
export const timeAccountQuerySchema = z.object({
  year: plainDecimalSchema(
    z
      .number({ error: BAD_YEAR })
      .int({ error: BAD_YEAR })
      .min(MIN_YEAR, { error: YEAR_OUTSIDE })
      .max(MAX_YEAR, { error: YEAR_OUTSIDE }),
  ).meta({ description: `${MIN_YEAR}–${MAX_YEAR}` }),
  month: plainDecimalSchema(
    z.number({ error: BAD_MONTH }).int({ error: BAD_MONTH }).min(1, { error: BAD_MONTH }).max(12, { error: BAD_MONTH }),
  )
    .optional()
    .meta({ description: "1–12; left out: every month of the year up to the current one" }),
  employee_id: idSchema.optional(),
});
export type TimeAccountQuery = z.infer<typeof timeAccountQuerySchema>;

/** GET /api/time-accounts/statement/pdf: one employee's month. */
export const statementQuerySchema = z.object({ employee_id: idSchema, month: monthSchema });

/** GET /api/me/time-account/statement/pdf: the caller's own month. */
export const myStatementQuerySchema = z.object({ month: monthSchema });

/** GET /api/me/time-account: the caller's own account, a year or one month. */
export const myTimeAccountQuerySchema = timeAccountQuerySchema.omit({ employee_id: true });

const REASON_REQUIRED = "Bitte gib eine Begründung ein";
const reasonSchema = z
  .string({ error: REASON_REQUIRED })
  .trim()
  .min(1, { error: REASON_REQUIRED })
  .max(MAX_TEXT, { error: `Höchstens ${MAX_TEXT} Zeichen` });

/** ± 10,000 hours: far beyond any real balance (the database holds the same bound). */
export const MAX_ACCOUNT_MINUTES = 600_000;
const MINUTES_MESSAGE = "Bitte gib die Minuten als ganze Zahl zwischen −600000 und 600000 an";
const minutesSchema = z
  .number({ error: MINUTES_MESSAGE })
  .int({ error: MINUTES_MESSAGE })
  .min(-MAX_ACCOUNT_MINUTES, { error: MINUTES_MESSAGE })
  .max(MAX_ACCOUNT_MINUTES, { error: MINUTES_MESSAGE });

const employeeField = refIdSchema("Bitte wähle einen Mitarbeiter aus");

export const BOOKING_KINDS = ["payout", "correction"] as const;
export type BookingKind = (typeof BOOKING_KINDS)[number];
export const BOOKING_KIND_LABELS: Record<BookingKind, string> = { payout: "Auszahlung", correction: "Korrektur" };

/** POST /api/time-accounts/bookings: a payout (positive minutes, taken off) or a correction (signed, not 0). */
export const bookingInputSchema = z
  .object({
    employee_id: employeeField,
    month: monthSchema,
    kind: z.enum(BOOKING_KINDS, { error: "Bitte wähle Auszahlung (payout) oder Korrektur (correction)" }),
    minutes: minutesSchema.meta({
      description: "payout: the minutes paid out (> 0), taken off the balance; correction: added (±, not 0)",
    }),
    reason: reasonSchema,
  })
  .superRefine((booking, ctx) => {
    if (booking.kind === "payout" && booking.minutes <= 0)
      ctx.addIssue({ code: "custom", path: ["minutes"], message: "Eine Auszahlung braucht mehr als 0 Minuten" });
    if (booking.kind === "correction" && booking.minutes === 0)
      ctx.addIssue({ code: "custom", path: ["minutes"], message: "Eine Korrektur um 0 Minuten ändert nichts" });
  });
export type BookingInput = z.infer<typeof bookingInputSchema>;

/** PUT /api/time-accounts/opening: where the account starts and with what balance. */
export const openingInputSchema = z.object({
  employee_id: employeeField,
  month: monthSchema.meta({ description: "The account's first month (yyyy-MM); the balance is brought into it" }),
  minutes: minutesSchema,
  reason: reasonSchema,
});
export type OpeningInput = z.infer<typeof openingInputSchema>;

// Answers: strict objects (exactly these keys; tests parse real answers with them).

const monthText = z.string().meta({ description: "Month yyyy-MM", examples: ["2026-11"] });
const minutes = z.int();

export const bookingDtoSchema = z.strictObject({
  id,
  employee_id: id,
  month: monthText,
  kind: z.enum(BOOKING_KINDS),
  minutes: minutes.meta({ description: "As entered: a payout's positive minutes are taken off the balance" }),
  reason: z.string(),
  created_by_name: z.string().nullable(),
  created_at: timestamp,
});

export const openingDtoSchema = z.strictObject({
  month: monthText,
  minutes,
  reason: z.string(),
  set_by_name: z.string().nullable(),
  set_at: timestamp,
});

export const accountMonthSchema = z.strictObject({
  month: monthText,
  target_minutes: minutes.nullable().meta({
    description: "weekly hours / 5 × Monday–Friday days less public holidays (of the days the account covers)",
  }),
  credit_minutes: minutes.nullable().meta({ description: "Vacation and crediting absences (§32.2)" }),
  worked_minutes: minutes.meta({ description: "Recorded and approved entries of the month (void ones not)" }),
  balance_minutes: minutes.nullable().meta({ description: "worked + credits − target; null for the hourly paid" }),
  booking_minutes: minutes.meta({ description: "The bookings' effect: payouts taken off, corrections added" }),
  brought_minutes: minutes.nullable().meta({ description: "The balance brought into the month" }),
  carried_minutes: minutes.nullable().meta({ description: "brought + balance + bookings" }),
  approved: z.boolean(),
  provisional: z.boolean().meta({ description: "true until the month is approved: its figures may still change" }),
  bookings: z.array(bookingDtoSchema),
});

export const timeAccountSchema = z.strictObject({
  employee_id: id,
  employee_name: z.string(),
  is_hourly: z.boolean(),
  archived: z.boolean(),
  starts_on: date.nullable().meta({
    description: "The account's first day: the opening's month, else the first recorded day; null: not begun",
  }),
  opening: openingDtoSchema.nullable(),
  months: z.array(accountMonthSchema).meta({ description: "The asked months the account covers, in order" }),
});

export const timeAccountsSchema = z.strictObject({
  from_month: monthText,
  to_month: monthText,
  accounts: z.array(timeAccountSchema),
});
