import { z } from "zod";
import { absenceDtoSchema } from "./absence";
import { findingSchema } from "./finding";
import { holidayDtoSchema } from "./holiday";
import { date, id, timestamp } from "./response-fields";
import { shiftDtoSchema } from "./shift";
import { openShiftDtoSchema } from "./shift-application";
import { unavailabilityDtoSchema } from "./unavailability";
import { wishDtoSchema } from "./wish";
import { vacationBalanceSchema, vacationDtoSchema } from "./vacation";

/** How many weeks "Meine Schichten" shows, this one included (docs/PRODUCT-RULES.md §26.6). */
export const MY_SCHEDULE_WEEKS = 8;

export const myWeekSchema = z.strictObject({
  week_start: date.meta({ description: "Monday" }),
  week_end: date.meta({ description: "Sunday" }),
  scheduled_hours: z.number().meta({ description: "Hours of the shifts (length less break)" }),
  target_hours: z
    .number()
    .nullable()
    .meta({
      description:
        "The week's target (docs/PRODUCT-RULES.md §31.1): weekly hours less public holidays and approved vacation " +
        "days; null for the hourly paid",
    }),
  shifts: z.array(shiftDtoSchema),
  findings: z.array(findingSchema).meta({ description: "What the planning rules say about these shifts" }),
});

/** GET /api/me: everything "Meine Schichten" shows of the caller's linked employee, in one answer. */
export const myScheduleSchema = z.strictObject({
  employee: z.strictObject({
    id,
    first_name: z.string(),
    last_name: z.string(),
    weekly_hours: z.number(),
    is_hourly: z.boolean(),
  }),
  weeks: z.array(myWeekSchema).meta({ description: "This week and the seven after it" }),
  holidays: z.array(holidayDtoSchema).meta({ description: "Public holidays in those weeks" }),
  vacations: z.array(vacationDtoSchema).meta({ description: "Own vacations ending this year or later" }),
  balance: vacationBalanceSchema.meta({ description: "Vacation days of the current year" }),
  unavailability: z.array(unavailabilityDtoSchema).meta({ description: "Own entries ending today or later" }),
  open_shifts: z.array(openShiftDtoSchema).meta({ description: "As GET /api/me/open-shifts answers them" }),
  calendar_link: z
    .strictObject({ created_at: timestamp })
    .nullable()
    .meta({ description: "When the calendar link was created; null when there is none. The link itself is secret." }),
  absences: z.array(absenceDtoSchema).meta({
    description: "Own absences besides vacation (docs §32.2) from 30 days back to the end of the weeks shown",
  }),
  wishes: z.array(wishDtoSchema).meta({
    description: "Own wishes (docs §35.8): the standing ones and the days off from today on",
  }),
});

/** POST /api/me/calendar-link: the new link, shown once. */
export const issuedCalendarLinkSchema = z.strictObject({
  token: z.string().meta({ description: "256 random bits, base64url; stored only as a hash" }),
  path: z.string().meta({
    description: "`/api/calendar/<token>.ics`, to be put after the app's address (https:// or webcal://)",
    examples: ["/api/calendar/3q2-7wX…KdQ.ics"],
  }),
  created_at: timestamp,
});
