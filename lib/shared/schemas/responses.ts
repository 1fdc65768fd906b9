/**
 * The JSON the API answers with (PRODUCT.md §1 and §4), as zod schemas: the
 * TypeScript types of lib/shared/api-types.ts are inferred from them, and the
 * OpenAPI document (GET /api/openapi.json) is generated from them, so the
 * types the code is checked against and the documented shapes are one thing.
 *
 * Strict objects: an answer carries exactly these keys (the document says
 * `additionalProperties: false`, and a test that parses a real answer fails
 * on a key that is not documented here).
 */
import { z } from "zod";
import { ROLES } from "@/lib/shared/roles";

const id = z.number().int().positive();
const date = z.string().meta({ description: "Date yyyy-MM-dd", examples: ["2026-11-23"] });
const time = z.string().meta({ description: "Time HH:MM", examples: ["08:00"] });
const timestamp = z.string().meta({ description: "ISO 8601 timestamp in UTC", examples: ["2026-11-23T08:15:00.000Z"] });
const color = z.string().meta({ description: "Colour #RRGGBB", examples: ["#3B82F6"] });

export const errorBodySchema = z
  .object({
    error: z.string().meta({ description: "German message a user can read", examples: ["Keine Berechtigung"] }),
    code: z.string().meta({ description: "Machine-readable code", examples: ["forbidden"] }),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .meta({ description: "Validation errors only: the first German message per field (`shifts.0.end_time`)" }),
  })
  // Some errors carry extra keys (insufficient_vacation_days: required, available, year).
  .catchall(z.unknown());

export const messageSchema = z.strictObject({ message: z.string().meta({ examples: ["Schicht gelöscht"] }) });

export const userDtoSchema = z.strictObject({
  id,
  username: z.string(),
  email: z.string().nullable(),
  role: z.enum(ROLES),
  two_factor_enabled: z.boolean(),
  created_at: timestamp,
});

export const sessionTokensSchema = z.strictObject({
  accessToken: z.string().meta({ description: "JWT for `Authorization: Bearer`, valid 15 minutes" }),
  refreshToken: z
    .string()
    .meta({ description: "Opaque, single use, valid 14 days; `POST /api/auth/refresh` rotates it" }),
});

export const sessionSchema = sessionTokensSchema.extend({ user: userDtoSchema });

export const twoFactorStepSchema = z.strictObject({
  requires2FA: z.literal(true),
  tempToken: z.string().meta({ description: "For `POST /api/auth/verify-2fa`; single use, valid 5 minutes" }),
});

export const loginResultSchema = z.union([sessionSchema, twoFactorStepSchema]);

export const twoFactorSetupSchema = z.strictObject({
  qrCode: z.string().meta({ description: "data: URL of a PNG QR code of the otpauth:// URI" }),
  secret: z.string().meta({ description: "The TOTP secret in base32, for manual entry" }),
});

export const twoFactorStateSchema = z.strictObject({ message: z.string(), two_factor_enabled: z.boolean() });

export const employeeDtoSchema = z.strictObject({
  id,
  first_name: z.string(),
  last_name: z.string(),
  weekly_hours: z.number(),
  vacation_days_total: z.number(),
  vacation_days_used: z.number().meta({ description: "Vacation days of the current year" }),
  vacation_days_remaining: z.number(),
  is_hourly: z.boolean(),
  created_at: timestamp,
});

export const locationDtoSchema = z.strictObject({ id, name: z.string(), color, address: z.string().nullable() });

export const shiftDtoSchema = z.strictObject({
  id,
  employee_id: id.nullable().meta({ description: "null: unassigned" }),
  location_id: id,
  shift_date: date,
  start_time: time,
  end_time: time.meta({ description: "Time HH:MM; before start_time: the shift ends the next day" }),
  break_minutes: z.literal(0),
  is_custom: z.boolean(),
  custom_name: z.string().nullable(),
  hours: z.number(),
  employee_name: z.string().nullable(),
  location_name: z.string(),
  location_color: color,
});

const weekStatusSchema = z.enum(["free", "full", "overbooked"]);

export const availabilitySchema = z.strictObject({
  employee_id: id,
  week_start: date,
  week_end: date,
  weekly_hours: z.number(),
  is_hourly: z.boolean(),
  scheduled_hours: z.number(),
  remaining_hours: z.number().nullable().meta({ description: "null for hourly employees" }),
  status: weekStatusSchema,
  vacation_dates: z.array(date),
  shifts: z.array(shiftDtoSchema),
});

export const vacationDtoSchema = z.strictObject({
  id,
  employee_id: id,
  first_name: z.string(),
  last_name: z.string(),
  start_date: date,
  end_date: date,
  days_count: z.number(),
  status: z.literal("approved").meta({ description: 'Shown as "Genehmigt"' }),
  notes: z.string().nullable(),
  created_at: timestamp,
});

export const vacationBalanceSchema = z.strictObject({
  employee_id: id,
  year: z.number().int(),
  total: z.number(),
  used: z.number(),
  remaining: z.number(),
});

export const weekTemplateShiftDtoSchema = z.strictObject({
  id,
  day_of_week: z.number().int().min(0).max(6).meta({ description: "0 Sunday … 6 Saturday" }),
  location_id: id,
  location_name: z.string(),
  location_color: color,
  start_time: time,
  end_time: time,
  break_minutes: z.literal(0),
  notes: z.string().nullable(),
});

export const weekTemplateDtoSchema = z.strictObject({
  id,
  name: z.string(),
  description: z.string().nullable(),
  shift_count: z.number().int(),
  day_count: z.number().int(),
  shifts: z.array(weekTemplateShiftDtoSchema),
});

export const appliedTemplateSchema = z.strictObject({ created: z.number().int(), shifts: z.array(shiftDtoSchema) });

export const employeeWeekSchema = z.strictObject({
  employee_id: id,
  first_name: z.string(),
  last_name: z.string(),
  is_hourly: z.boolean(),
  weekly_hours: z.number(),
  scheduled_hours: z.number(),
  remaining_hours: z.number().nullable().meta({ description: "weekly − scheduled; null for hourly employees" }),
  status: weekStatusSchema,
});

export const dashboardDtoSchema = z.strictObject({
  today: date,
  week_start: date,
  week_end: date,
  employees: z.strictObject({ total: z.number().int(), hourly: z.number().int() }),
  locations: z.strictObject({ total: z.number().int() }),
  shifts: z.strictObject({ total: z.number().int(), assigned_hours: z.number(), unassigned: z.number().int() }),
  vacations: z.strictObject({ total: z.number().int(), upcoming: z.array(vacationDtoSchema) }).meta({
    description: "Running or starting from today to one month ahead; `upcoming` holds the first five by start",
  }),
  employee_weeks: z.array(employeeWeekSchema),
});

export const hoursReportRowSchema = z.strictObject({
  employee_id: id,
  first_name: z.string(),
  last_name: z.string(),
  is_hourly: z.boolean(),
  weekly_hours: z.number(),
  target_hours: z.number().nullable(),
  scheduled_hours: z.number(),
  difference: z.number().nullable(),
  shift_count: z.number().int(),
  vacation_days: z.number(),
});

export const hoursReportSchema = z.strictObject({
  start_date: date,
  end_date: date,
  employees: z.array(hoursReportRowSchema),
  totals: z.strictObject({ scheduled_hours: z.number(), target_hours: z.number(), shift_count: z.number().int() }),
});

export const healthSchema = z.strictObject({
  status: z.enum(["ok", "error"]),
  db: z.enum(["ok", "unreachable"]),
  /** Only on 503: the API's error body, for clients that read every answer alike. */
  error: z.string().optional(),
  code: z.literal("service_unavailable").optional(),
});

/**
 * Named shapes: these become `components/schemas` of the OpenAPI document
 * (and are referenced from every operation that answers with them).
 */
export const NAMED_RESPONSE_SCHEMAS = {
  Error: errorBodySchema,
  Message: messageSchema,
  User: userDtoSchema,
  SessionTokens: sessionTokensSchema,
  Session: sessionSchema,
  TwoFactorStep: twoFactorStepSchema,
  TwoFactorSetup: twoFactorSetupSchema,
  TwoFactorState: twoFactorStateSchema,
  Employee: employeeDtoSchema,
  Availability: availabilitySchema,
  Location: locationDtoSchema,
  Shift: shiftDtoSchema,
  Vacation: vacationDtoSchema,
  VacationBalance: vacationBalanceSchema,
  WeekTemplate: weekTemplateDtoSchema,
  WeekTemplateShift: weekTemplateShiftDtoSchema,
  AppliedTemplate: appliedTemplateSchema,
  EmployeeWeek: employeeWeekSchema,
  Dashboard: dashboardDtoSchema,
  HoursReport: hoursReportSchema,
  HoursReportRow: hoursReportRowSchema,
  Health: healthSchema,
} as const;
