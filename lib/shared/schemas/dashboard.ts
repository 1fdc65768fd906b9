import { z } from "zod";
import { employeeWeekSchema } from "./employee";
import { dateSchema } from "./fragments";
import { holidayDtoSchema } from "./holiday";
import { date } from "./response-fields";
import { vacationDtoSchema } from "./vacation";

/** ?date of GET /api/dashboard: any day of the week to show (default: today). */
export const dashboardQuerySchema = z.object({ date: dateSchema("Bitte gib date als JJJJ-MM-TT an").optional() });

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
});
