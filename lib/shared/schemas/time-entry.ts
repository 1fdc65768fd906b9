/**
 * Time recording, entries (docs/PRODUCT-RULES.md §32.1): stamps, manager entries, corrections. Instants are ISO 8601
 * with an offset (UTC in answers); the server's clock is the only clock for a stamp, so a stamp sends no time.
 */
import { z } from "zod";
import { dateSchema, idSchema, MAX_TEXT, optionalTextSchema, refIdSchema } from "./fragments";
import { fieldsParsed } from "./parsed-fields";
import { date, id, time, timestamp } from "./response-fields";
import { refineDateRange } from "./shift";

export const CLOCK_ACTIONS = ["in", "break_start", "break_end", "out"] as const;
export type ClockAction = (typeof CLOCK_ACTIONS)[number];

export const TIME_ENTRY_SOURCES = ["app", "terminal", "manager"] as const;
export type TimeEntrySource = (typeof TIME_ENTRY_SOURCES)[number];

export const TIME_ENTRY_STATUSES = ["running", "recorded", "approved", "void"] as const;
export type TimeEntryStatus = (typeof TIME_ENTRY_STATUSES)[number];

export const TIME_CORRECTION_STATUSES = ["open", "accepted", "rejected"] as const;
export type TimeCorrectionStatus = (typeof TIME_CORRECTION_STATUSES)[number];

/** The longest entry a manager or a correction may record: a day (a stamp is never refused for its length). */
export const MAX_ENTRY_HOURS = 24;

const LOCATION_REQUIRED = "Bitte wähle einen Standort aus";
const INSTANT_MESSAGE = "Bitte gib einen Zeitpunkt mit Zeitzone an (ISO 8601, z. B. 2026-12-03T07:00:00Z)";
export const END_NOT_AFTER_START = "Das Ende muss nach dem Beginn liegen";
export const REASON_REQUIRED = "Bitte gib eine Begründung ein";
const NOTE_REQUIRED = "Bitte beschreibe, was korrigiert werden soll";

/** An instant with a time zone (Z or ±hh:mm), read into a Date; a local time without zone names no instant. */
export function instantSchema(message = INSTANT_MESSAGE) {
  return z
    .string({ error: message })
    .max(40, { error: message })
    .pipe(z.iso.datetime({ offset: true, error: message }))
    .transform((value) => new Date(value))
    .refine((value) => !Number.isNaN(value.getTime()), { error: message })
    .meta({ description: "ISO 8601 instant with Z or an offset", examples: ["2026-12-03T07:00:00Z"] });
}

function requiredText(message: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(MAX_TEXT, { error: `Höchstens ${MAX_TEXT} Zeichen` });
}

/** POST /api/me/clock: the next action; `location_id` only when no planned shift is near (§32.1). */
export const clockInputSchema = z.object({
  action: z.enum(CLOCK_ACTIONS, {
    error: "Ungültige Aktion (in, break_start, break_end oder out)",
  }),
  location_id: refIdSchema(LOCATION_REQUIRED).optional(),
});
export type ClockInput = z.infer<typeof clockInputSchema>;

const breakInputSchema = z.object({
  start_at: instantSchema("Bitte gib den Beginn der Pause als Zeitpunkt an (ISO 8601)"),
  end_at: instantSchema("Bitte gib das Ende der Pause als Zeitpunkt an (ISO 8601)"),
});

const entryFields = {
  location_id: refIdSchema(LOCATION_REQUIRED),
  start_at: instantSchema(),
  end_at: instantSchema(),
  breaks: z
    .array(breakInputSchema, { error: "Pausen müssen eine Liste sein" })
    .max(20, { error: "Höchstens 20 Pausen" })
    .default([]),
  note: optionalTextSchema,
  reason: requiredText(REASON_REQUIRED),
};

/** The order checks of one entry that need no other rows (the rest is checked under the employee's lock). */
function checkEntry(
  entry: { start_at: Date; end_at: Date; breaks: { start_at: Date; end_at: Date }[] },
  ctx: z.RefinementCtx,
) {
  if (!fieldsParsed(ctx, "start_at", "end_at", "breaks")) return;
  if (entry.end_at <= entry.start_at) {
    ctx.addIssue({ code: "custom", path: ["end_at"], message: END_NOT_AFTER_START });
    return;
  }
  if (entry.end_at.getTime() - entry.start_at.getTime() > MAX_ENTRY_HOURS * 3_600_000)
    ctx.addIssue({
      code: "custom",
      path: ["end_at"],
      message: `Ein Eintrag darf höchstens ${MAX_ENTRY_HOURS} Stunden dauern`,
    });
  const sorted = [...entry.breaks.entries()].sort(([, a], [, b]) => a.start_at.getTime() - b.start_at.getTime());
  let previousEnd: Date | null = null;
  for (const [index, pause] of sorted) {
    if (pause.end_at <= pause.start_at)
      ctx.addIssue({
        code: "custom",
        path: ["breaks", index, "end_at"],
        message: "Die Pause muss nach ihrem Beginn enden",
      });
    else if (pause.start_at < entry.start_at || pause.end_at > entry.end_at)
      ctx.addIssue({ code: "custom", path: ["breaks", index, "start_at"], message: BREAK_OUTSIDE });
    else if (previousEnd && pause.start_at < previousEnd)
      ctx.addIssue({
        code: "custom",
        path: ["breaks", index, "start_at"],
        message: "Pausen dürfen sich nicht überschneiden",
      });
    previousEnd = pause.end_at;
  }
}

export const BREAK_OUTSIDE = "Eine Pause muss innerhalb des Eintrags liegen";

/** POST /api/time-entries: a manager records an entry after the fact, with a reason (§32.1). */
export const timeEntryCreateSchema = z
  .object({ employee_id: refIdSchema("Bitte wähle einen Mitarbeiter aus"), ...entryFields })
  .superRefine(checkEntry);
export type TimeEntryCreateInput = z.infer<typeof timeEntryCreateSchema>;

/** PUT /api/time-entries/{id}: the whole entry anew (its employee stays), with a reason. */
export const timeEntryUpdateSchema = z.object(entryFields).superRefine(checkEntry);
export type TimeEntryUpdateInput = z.infer<typeof timeEntryUpdateSchema>;

/** POST /api/time-entries/{id}/void and a correction's rejection: the reason. */
export const reasonSchema = z.object({ reason: requiredText(REASON_REQUIRED) });
export type ReasonInput = z.infer<typeof reasonSchema>;

/** POST /api/me/time-entries/{id}/correction: what is wrong, and the right times if the employee knows them. */
export const correctionInputSchema = z
  .object({
    note: requiredText(NOTE_REQUIRED),
    start_at: instantSchema().optional(),
    end_at: instantSchema().optional(),
  })
  .superRefine((input, ctx) => {
    if (!fieldsParsed(ctx, "start_at", "end_at")) return;
    if (input.start_at && input.end_at && input.end_at <= input.start_at)
      ctx.addIssue({ code: "custom", path: ["end_at"], message: END_NOT_AFTER_START });
  });
export type CorrectionInput = z.infer<typeof correctionInputSchema>;

/** POST /api/time-corrections/{id}/accept: an optional note for the employee. */
export const acceptCorrectionSchema = z.object({ note: optionalTextSchema });
export type AcceptCorrectionInput = z.infer<typeof acceptCorrectionSchema>;

/** POST /api/time-corrections/{id}/reject: the reason the employee reads. */
export const rejectCorrectionSchema = z.object({ note: requiredText(REASON_REQUIRED) });
export type RejectCorrectionInput = z.infer<typeof rejectCorrectionSchema>;

/** GET /api/time-entries: a range of business days (at most 366), optionally one employee or location. */
export const timeEntryQuerySchema = z
  .object({
    start_date: dateSchema("Bitte gib start_date als JJJJ-MM-TT an"),
    end_date: dateSchema("Bitte gib end_date als JJJJ-MM-TT an"),
    employee_id: idSchema.optional(),
    location_id: idSchema.optional(),
  })
  .superRefine(refineDateRange);
export type TimeEntryQuery = z.infer<typeof timeEntryQuerySchema>;

/** GET /api/time-corrections: by status, open ones by default. */
export const correctionQuerySchema = z.object({
  status: z
    .enum(TIME_CORRECTION_STATUSES, { error: "Ungültiger Status (open, accepted oder rejected)" })
    .default("open"),
});
export type CorrectionQuery = z.infer<typeof correctionQuerySchema>;

// Answers: strict objects (exactly these keys; tests parse real answers with them).

const breakDtoSchema = z.strictObject({ start_at: timestamp, end_at: timestamp.nullable() });

/** The Time entry JSON of PRODUCT §12, exactly. */
export const timeEntryDtoSchema = z.strictObject({
  id,
  employee_id: id,
  employee_name: z.string(),
  location_id: id,
  shift_id: id.nullable(),
  date: date.meta({ description: "The business day (APP_TIMEZONE) of start_at" }),
  start_at: timestamp,
  end_at: timestamp.nullable().meta({ description: "null: running" }),
  breaks: z.array(breakDtoSchema),
  break_minutes: z.int(),
  worked_minutes: z.int().meta({
    description:
      "end − start − breaks, whole minutes; for a running entry (or break) up to now. A void entry keeps the " +
      "figure it had, for the record, but no total counts it",
  }),
  source: z.enum(TIME_ENTRY_SOURCES),
  status: z.enum(TIME_ENTRY_STATUSES),
  note: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

/** Lists add how often the entry was changed after the fact. */
export const timeEntryListItemSchema = timeEntryDtoSchema.extend({
  revisions_count: z.int().meta({ description: "Revisions (changes after the fact) of the entry" }),
  open_correction: z.boolean().meta({ description: "A correction request of the employee awaits a decision" }),
  last_correction: z
    .strictObject({
      status: z.enum(TIME_CORRECTION_STATUSES),
      note: z.string(),
      decision_note: z.string().nullable(),
      decided_at: timestamp.nullable(),
    })
    .nullable()
    .meta({
      description:
        "The entry's latest correction request and its outcome: what the employee asked and, once decided, the " +
        "manager's note (a rejection's reason)",
    }),
});

const plannedShiftSchema = z.strictObject({
  id,
  location_id: id,
  location_name: z.string(),
  shift_date: date,
  start_time: time,
  end_time: time,
  start_at: timestamp,
  end_at: timestamp,
});

export const clockStateSchema = z.strictObject({
  state: z.enum(["out", "in", "break"]),
  next_actions: z.array(z.enum(CLOCK_ACTIONS)),
  server_time: timestamp.meta({ description: "The server's clock, for showing the running time" }),
  running_entry: timeEntryDtoSchema.nullable(),
  forgotten: z.boolean().meta({
    description: 'Running for more than 14 h, or more than 4 h past its shift\'s end: "Ausstempeln vergessen?"',
  }),
  today_entries: z.array(timeEntryDtoSchema),
  today_shifts: z.array(plannedShiftSchema),
  near_shift: plannedShiftSchema
    .nullable()
    .meta({ description: '"in" now takes this shift (start within 2 h); null: the location is picked' }),
  locations: z
    .array(z.strictObject({ id, name: z.string() }))
    .meta({ description: "The employee's Einsatzorte (active), for the location picker" }),
});

export const revisionDtoSchema = z.strictObject({
  id,
  entry_id: id,
  changed_by: id.nullable().meta({ description: "The user; null for a terminal" }),
  changed_by_name: z.string().nullable(),
  changed_at: timestamp,
  before: z.record(z.string(), z.unknown()).nullable().meta({ description: "null: this change created the entry" }),
  after: z.record(z.string(), z.unknown()),
  reason: z.string().nullable(),
  correction_id: id.nullable(),
});

export const correctionDtoSchema = z.strictObject({
  id,
  entry_id: id,
  employee_id: id,
  employee_name: z.string(),
  requested_by: id.nullable(),
  note: z.string(),
  proposed_start_at: timestamp.nullable(),
  proposed_end_at: timestamp.nullable(),
  status: z.enum(TIME_CORRECTION_STATUSES),
  decided_by: id.nullable(),
  decided_at: timestamp.nullable(),
  decision_note: z.string().nullable(),
  created_at: timestamp,
  entry: timeEntryDtoSchema,
});
