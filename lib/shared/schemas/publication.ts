/**
 * "Veröffentlichen" (docs/PRODUCT-RULES.md §33.3): the draft of a range becomes the plan staff see; the answer says
 * per employee what changed.
 */
import { z } from "zod";
import { daysBetween } from "@/lib/shared/dates";
import { dateSchema, refIdSchema } from "./fragments";
import { fieldsParsed } from "./parsed-fields";
import { date, id, time } from "./response-fields";

/** At most this many days are published at once: a week is the usual, a month the most a message should list. */
export const MAX_PUBLISH_DAYS = 31;
/** At most this many locations are named. */
export const MAX_PUBLISH_LOCATIONS = 100;

const LOCATIONS_MESSAGE = `Bitte nenne die Standorte als Liste von IDs (höchstens ${MAX_PUBLISH_LOCATIONS})`;

/** POST /api/schedule/publish */
export const publishInputSchema = z
  .object({
    start_date: dateSchema("Bitte gib start_date als JJJJ-MM-TT an"),
    end_date: dateSchema("Bitte gib end_date als JJJJ-MM-TT an"),
    location_ids: z
      .array(refIdSchema("Ungültiger Standort"), { error: LOCATIONS_MESSAGE })
      .min(1, { error: LOCATIONS_MESSAGE })
      .max(MAX_PUBLISH_LOCATIONS, { error: LOCATIONS_MESSAGE })
      .optional()
      .meta({ description: "Only these locations' shifts; absent = all locations" }),
  })
  .superRefine((input, ctx) => {
    if (!fieldsParsed(ctx, "start_date", "end_date")) return;
    const span = daysBetween(input.start_date, input.end_date);
    if (span < 0)
      ctx.addIssue({ code: "custom", path: ["end_date"], message: "end_date darf nicht vor start_date liegen" });
    else if (span >= MAX_PUBLISH_DAYS)
      ctx.addIssue({
        code: "custom",
        path: ["end_date"],
        message: `Es können höchstens ${MAX_PUBLISH_DAYS} Tage auf einmal veröffentlicht werden`,
      });
  });
export type PublishInput = z.infer<typeof publishInputSchema>;

// Answers: strict objects (exactly these keys).

const CHANGES = ["added", "removed", "moved", "times_changed"] as const;

const shiftState = {
  shift_date: date,
  start_time: time,
  end_time: time,
  break_minutes: z.number().int(),
  location_id: id,
  location_name: z.string(),
};

export const shiftChangeSchema = z.strictObject({
  change: z.enum(CHANGES).meta({
    description:
      "From the person's point of view: `added` (new, or given to them), `removed` (deleted, or given to someone " +
      "else), `moved` (another day or location), `times_changed` (times, break or a special shift's name)",
  }),
  shift_id: id,
  ...shiftState,
  before: z
    .strictObject(shiftState)
    .nullable()
    .meta({ description: "As it was published before, for `moved` and `times_changed`; else null" }),
});

export const publicationSchema = z.strictObject({
  changes: z.number().int().min(0).meta({ description: "Shifts whose published state changed" }),
  notified: z.number().int().min(0).meta({ description: "Messages written: one per person with a user account" }),
  employees: z
    .array(
      z.strictObject({
        employee_id: id,
        employee_name: z.string(),
        changes: z.array(shiftChangeSchema).meta({ description: "By date and start" }),
      }),
    )
    .meta({ description: "Everyone whose shifts changed, by name" }),
  open_shifts: z.array(shiftChangeSchema).meta({ description: "Changes of unassigned shifts" }),
});
export type PublicationDto = z.infer<typeof publicationSchema>;

/** GET /api/schedule/week's `publication`: what the planner has not published of the range. */
export const weekPublicationSchema = z.strictObject({
  publishing: z.boolean().meta({ description: "Whether publishing is on (GET /api/settings)" }),
  unpublished: z
    .number()
    .int()
    .min(0)
    .meta({
      description:
        "Planners: shifts of the range whose draft differs from what staff see (new, changed, moved, deleted); " +
        "0 for everyone else and while publishing is off",
    }),
  changed_shift_ids: z.array(id).meta({ description: "Planners: the draft's shifts among them, to mark" }),
});
export type WeekPublicationDto = z.infer<typeof weekPublicationSchema>;
