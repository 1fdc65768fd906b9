import { z } from "zod";
import { absenceSlotSchema } from "./absence";
import { findingSchema } from "./finding";
import { holidayDtoSchema } from "./holiday";
import { weekPublicationSchema } from "./publication";
import { LABOUR_RULES } from "./settings";
import { shiftDtoSchema } from "./shift";
import { LIVE_SWAP_STATUSES, SWAP_KINDS } from "./swap";
import { unavailabilityDtoSchema } from "./unavailability";
import { weekApplicationSchema } from "./shift-application";
import { vacationDtoSchema } from "./vacation";
import { wishDtoSchema } from "./wish";

/** GET /api/schedule/week: what the planner shows of a range, in one answer (docs/PRODUCT-RULES.md §25). */
export const scheduleWeekSchema = z.strictObject({
  shifts: z.array(shiftDtoSchema).meta({ description: "As GET /api/shifts answers them" }),
  warnings: z.array(findingSchema).meta({ description: "As GET /api/schedule/warnings answers them" }),
  vacations: z.array(vacationDtoSchema).meta({ description: "Approved vacations touching the range" }),
  unavailability: z.array(unavailabilityDtoSchema).meta({
    description: "Planners: everyone's unavailability touching the range (§26.4); staff: always empty",
  }),
  wishes: z.array(wishDtoSchema).meta({
    description:
      "Planners: everyone's standing wishes and days off in the range (§35.8); a linked staff member: their own; " +
      "others: empty",
  }),
  holidays: z.array(holidayDtoSchema).meta({ description: "As GET /api/holidays answers them" }),
  labour_rules: z.enum(LABOUR_RULES).meta({ description: "The company's labour rules (GET /api/settings)" }),
  targets: z
    .array(
      z.strictObject({
        employee_id: z.number().int(),
        target_hours: z.number().nullable().meta({ description: "null for hourly employees" }),
      }),
    )
    .meta({
      description:
        "Each active employee's target of the range: weekly hours / 5 × Monday–Friday days less public holidays " +
        "and approved vacation days (docs/PRODUCT-RULES.md §31.1); the planner's free hours are target − scheduled",
    }),
  applications: z.array(weekApplicationSchema).meta({
    description:
      "Applications for the open shifts of the range, oldest first per shift; empty for callers who do not plan " +
      "(docs/PRODUCT-RULES.md §26.5)",
  }),
  publication: weekPublicationSchema,
  swaps: z
    .strictObject({
      running: z.number().int().meta({
        description: "Running offers (open or accepted) of shifts not begun, in any week: GET /api/swaps lists them",
      }),
      marks: z
        .array(
          z.strictObject({
            shift_id: z.number().int(),
            kind: z.enum(SWAP_KINDS),
            status: z.enum(LIVE_SWAP_STATUSES).meta({ description: "accepted: waiting for a planner's approval" }),
          }),
        )
        .meta({ description: "The range's shifts with a running offer; a swap marks both its shifts" }),
    })
    .meta({
      description:
        "Offers to give away or swap shifts (docs/PRODUCT-RULES.md §35.7), read at each request; 0 and empty for " +
        "callers who do not plan",
    }),
  absences: z.array(absenceSlotSchema).meta({
    description:
      "Absences besides vacation touching the range (docs/PRODUCT-RULES.md §32.2), by start date; `type` only " +
      "for planners and the employee themselves, null for colleagues (health data)",
  }),
});
