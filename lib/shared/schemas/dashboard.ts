import { z } from "zod";
import { absenceTypeSchema } from "./absence";
import { employeeWeekSchema } from "./employee";
import { dateSchema } from "./fragments";
import { holidayDtoSchema } from "./holiday";
import { date, id, time, timestamp } from "./response-fields";
import { vacationDtoSchema } from "./vacation";

export const DASHBOARD_WEEKS = ["this", "next"] as const;
export const DASHBOARD_WEEK_MESSAGE = "Bitte gib week als this oder next an";

/**
 * ?date of GET /api/dashboard: any day of the week to show (default: today); ?week: this week or the next one
 * (of today, or of date when both are given: docs/PRODUCT-RULES.md §31.6).
 */
export const dashboardQuerySchema = z.object({
  date: dateSchema("Bitte gib date als JJJJ-MM-TT an").optional(),
  week: z
    .enum(DASHBOARD_WEEKS, { error: DASHBOARD_WEEK_MESSAGE })
    .optional()
    .meta({ description: "`this` (default) or `next`: the week after the one of date (default today)" }),
});
export type DashboardWeek = (typeof DASHBOARD_WEEKS)[number];

// Answers: strict objects (exactly these keys; the OpenAPI document says
// additionalProperties: false, and tests parse real answers with them).

export const dashboardDtoSchema = z.strictObject({
  today: date,
  week_start: date,
  week_end: date,
  employees: z.strictObject({ total: z.number().int(), hourly: z.number().int() }),
  locations: z.strictObject({
    total: z.number().int(),
    with_presets: z.number().int().meta({ description: "Active locations with at least one shift preset" }),
  }),
  shifts: z.strictObject({
    total: z.number().int(),
    assigned_hours: z.number(),
    unassigned: z.number().int(),
    planned_ahead: z.boolean().meta({ description: "A shift exists in the current week (of today) or a later one" }),
  }),
  vacations: z.strictObject({ total: z.number().int(), upcoming: z.array(vacationDtoSchema) }).meta({
    description: "Approved ones running or starting from today to one month ahead; `upcoming`: the first five",
  }),
  pending_vacation_requests: z.number().int().meta({
    description: "Vacation requests awaiting a decision; 0 for callers who cannot decide them (no `vacations:write`)",
  }),
  findings: z
    .strictObject({ errors: z.number().int(), warnings: z.number().int() })
    .meta({ description: "The week's findings of the planning rules (GET /api/schedule/warnings) by severity" }),
  employee_weeks: z.array(employeeWeekSchema),
  holiday_region: z.string().nullable().meta({ description: "The company's holiday region; null: not chosen yet" }),
  holidays: z.array(holidayDtoSchema).meta({ description: "Public holidays from today to four weeks ahead" }),
  open_shift_applications: z
    .strictObject({
      count: z.number().int(),
      week_start: date.nullable().meta({ description: "The Monday of the earliest such shift; null: none" }),
    })
    .meta({
      description:
        "Applications for open shifts from today on, waiting for a planner's decision; 0 and null for callers " +
        "without `shifts:write`",
    }),
  pending_swaps: z
    .number()
    .int()
    .meta({
      description:
        "Offers to give away or swap a shift that a colleague accepted, waiting for a planner's approval (GET " +
        "/api/swaps); 0 for callers without `shifts:write`",
    }),
  next_week_suggested: z.boolean().meta({
    description: "It is Sunday from 16:00 in the business's time zone: the screen opens on next week",
  }),
  absences: z
    .strictObject({
      sick_reports: z
        .array(
          z.strictObject({
            absence_id: id,
            employee_id: id,
            first_name: z.string(),
            last_name: z.string(),
            start_date: date,
            end_date: date,
            created_at: timestamp,
          }),
        )
        .meta({ description: '"Ich bin krank" reports running today or later, newest first' }),
      absent_today: z
        .array(
          z.strictObject({
            absence_id: id,
            employee_id: id,
            first_name: z.string(),
            last_name: z.string(),
            type: absenceTypeSchema,
            hours: z.number().nullable().meta({ description: "Hours of an absence of hours; null: the whole day" }),
          }),
        )
        .meta({ description: 'Who is away today (the "abwesend" part of "Heute im Dienst"), by name' }),
      certificates_missing: z.number().int().meta({
        description: '"Arztzeugnis fehlt: n": sick leave of the last 30 days with `certificate_due`',
      }),
    })
    .meta({
      description:
        "Absences the managers must know of (docs §32.2); empty and 0 for callers without `vacations:write` " +
        "(health data)",
    }),
  clocked_in: z.number().int().meta({
    description: '"Jetzt eingestempelt": running entries (docs §32.3); 0 for staff (planners only)',
  }),
  forgotten_clock_outs: z
    .array(z.strictObject({ entry_id: id, employee_id: id, employee_name: z.string(), since: timestamp }))
    .meta({
      description:
        '"Ausstempeln vergessen?": running entries older than 14 h or 4 h past their shift\'s end, oldest first; ' +
        "empty for staff (planners only)",
    }),
  on_duty_today: z
    .array(
      z.strictObject({
        shift_id: id,
        employee_id: id,
        first_name: z.string(),
        last_name: z.string(),
        shift_date: date.meta({ description: "today, or yesterday for a night shift not over yet" }),
        start_time: time,
        end_time: time,
        location_name: z.string(),
        stamp: z.enum(["in", "out", "none"]).meta({
          description:
            '"eingestempelt seit" (a running entry begun before the shift\'s end + 2 h, on the row of the ' +
            "person's shift that starts nearest to it, also one from yesterday), " +
            '"ausgestempelt" (the entry nearest the shift\'s start that ended after its start − 2 h), ' +
            '"noch nicht eingestempelt"; void entries do not count',
        }),
        stamp_at: timestamp.nullable().meta({ description: "in: the running entry's start; out: its end; none: null" }),
      }),
    )
    .meta({
      description:
        '"Heute im Dienst" (docs §32.8): the assigned shifts of today and yesterday\'s night shifts not over yet, ' +
        "by start time, with the employee's stamp state for each; empty for staff (planners only)",
    }),
});
