/**
 * Planned vs. worked and the monthly approval (docs/PRODUCT-RULES.md §32.3): the timesheet's query and answer, and
 * the bodies of approving and reopening an employee's month.
 */
import { z } from "zod";
import { daysBetween, MAX_MONTH, MIN_MONTH } from "@/lib/shared/dates";
import { FINDING_CODES } from "@/lib/shared/rules/types";
import { ABSENCE_TYPES } from "./absence";
import { dateSchema, idSchema, MAX_TEXT, refIdSchema } from "./fragments";
import { fieldsParsed } from "./parsed-fields";
import { date, id, time, timestamp } from "./response-fields";
import { TIME_ENTRY_SOURCES, TIME_ENTRY_STATUSES } from "./time-entry";

/** A month with the weeks it touches: six Monday–Sunday weeks at most (docs/PRODUCT-RULES.md §32.3). */
export const MAX_TIMESHEET_DAYS = 42;

/** GET /api/timesheets: a range of business days (at most 42), optionally one employee or one location. */
export const timesheetQuerySchema = z
  .object({
    start_date: dateSchema("Bitte gib start_date als JJJJ-MM-TT an"),
    end_date: dateSchema("Bitte gib end_date als JJJJ-MM-TT an"),
    employee_id: idSchema.optional(),
    location_id: idSchema.optional(),
  })
  .superRefine((range, ctx) => {
    if (!fieldsParsed(ctx, "start_date", "end_date")) return;
    const span = daysBetween(range.start_date, range.end_date);
    if (span < 0)
      ctx.addIssue({ code: "custom", path: ["end_date"], message: "end_date darf nicht vor start_date liegen" });
    else if (span >= MAX_TIMESHEET_DAYS)
      ctx.addIssue({
        code: "custom",
        path: ["end_date"],
        message: `Der Zeitraum darf höchstens ${MAX_TIMESHEET_DAYS} Tage umfassen`,
      });
  });
export type TimesheetQuery = z.infer<typeof timesheetQuerySchema>;

const MONTH_MESSAGE = "Bitte gib month als JJJJ-MM an";

/** "2026-03": a month of the dates' window (docs/PRODUCT-RULES.md §30.1). */
export const monthSchema = z
  .string({ error: MONTH_MESSAGE })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: MONTH_MESSAGE })
  .refine((value) => value >= MIN_MONTH && value <= MAX_MONTH, {
    error: "Der Monat muss zwischen 01.2000 und 12.2099 liegen",
  })
  .meta({ description: "Month yyyy-MM", examples: ["2026-03"] });

const employeeField = refIdSchema("Bitte wähle einen Mitarbeiter aus");

/** POST /api/timesheets/approve. */
export const approveMonthSchema = z.object({ employee_id: employeeField, month: monthSchema });
export type ApproveMonthInput = z.infer<typeof approveMonthSchema>;

export const REOPEN_REASON_REQUIRED = "Bitte gib eine Begründung ein";

/** POST /api/timesheets/reopen: the reason is required, and kept with every entry's revision. */
export const reopenMonthSchema = z.object({
  employee_id: employeeField,
  month: monthSchema,
  reason: z
    .string({ error: REOPEN_REASON_REQUIRED })
    .trim()
    .min(1, { error: REOPEN_REASON_REQUIRED })
    .max(MAX_TEXT, { error: `Höchstens ${MAX_TEXT} Zeichen` }),
});
export type ReopenMonthInput = z.infer<typeof reopenMonthSchema>;

// Answers: strict objects (exactly these keys; tests parse real answers with them).

/** An employee's month: approved or open, and its last approval and reopening. */
export const timesheetMonthSchema = z.strictObject({
  employee_id: id,
  month: z.string().meta({ description: "Month yyyy-MM", examples: ["2026-03"] }),
  approved: z.boolean(),
  approved_at: timestamp.nullable(),
  approved_by_name: z.string().nullable(),
  reopened_at: timestamp.nullable().meta({ description: "The last reopening; null: never reopened" }),
  reopened_by_name: z.string().nullable(),
  reopen_reason: z.string().nullable(),
});

/** What approving or reopening answers: the month, and how many entries changed status. */
export const timesheetMonthResultSchema = timesheetMonthSchema.extend({
  entries_changed: z.int().meta({ description: "Entries set to approved (approve) or back to recorded (reopen)" }),
});

export const TIMESHEET_FLAG_CODES = [
  "missing_stamp",
  "unplanned",
  "forgotten_clock_out",
  "start_off",
  "end_off",
] as const;
export type TimesheetFlagCode = (typeof TIMESHEET_FLAG_CODES)[number];

const flagSchema = z.strictObject({
  code: z.enum(TIMESHEET_FLAG_CODES),
  label: z.string().meta({ description: "German, for the screen", examples: ["Ausstempeln vergessen?"] }),
  shift_id: id.nullable(),
  entry_id: id.nullable(),
});

const findingSchema = z.strictObject({
  code: z.enum(FINDING_CODES),
  severity: z.enum(["error", "warning"]),
  message: z.string().meta({ description: "The planner's German text, computed on the worked times" }),
  entry_id: id,
});

const plannedSchema = z.strictObject({
  id,
  location_id: id,
  location_name: z.string(),
  start_time: time,
  end_time: time,
  start_at: timestamp,
  end_at: timestamp,
  break_minutes: z.int(),
  planned_minutes: z.int().meta({ description: "Real elapsed time less the break (a DST night counts as it is)" }),
});

const workedSchema = z.strictObject({
  id,
  location_id: id,
  location_name: z.string(),
  shift_id: id.nullable(),
  start_at: timestamp,
  end_at: timestamp.nullable().meta({ description: "null: running" }),
  breaks: z.array(z.strictObject({ start_at: timestamp, end_at: timestamp.nullable() })),
  break_minutes: z.int(),
  worked_minutes: z.int().meta({ description: "0 for a void entry, which counts no more" }),
  status: z.enum(TIME_ENTRY_STATUSES),
  source: z.enum(TIME_ENTRY_SOURCES),
});

const dayAbsenceSchema = z.strictObject({
  id,
  type: z.enum(ABSENCE_TYPES),
  hours: z.number().nullable().meta({ description: "Hours of an absence of hours; null: the whole day" }),
});

const daySchema = z.strictObject({
  date,
  shifts: z.array(plannedSchema),
  entries: z.array(workedSchema),
  absences: z.array(dayAbsenceSchema),
  planned_minutes: z.int(),
  worked_minutes: z.int(),
  difference_minutes: z.int().meta({ description: "worked − planned" }),
  flags: z.array(flagSchema),
  findings: z.array(findingSchema),
});

const totalsSchema = z.strictObject({
  planned_minutes: z.int(),
  worked_minutes: z.int(),
  difference_minutes: z.int(),
});

export const timesheetEmployeeSchema = z.strictObject({
  employee_id: id,
  employee_name: z.string(),
  archived: z.boolean(),
  days: z.array(daySchema).meta({ description: "Days with a shift, an entry or an absence, by date" }),
  totals: totalsSchema,
  months: z.array(timesheetMonthSchema).meta({ description: "The months the range touches, with their approval" }),
});

export const timesheetSchema = z.strictObject({
  start_date: date,
  end_date: date,
  employees: z.array(timesheetEmployeeSchema),
});
