import { z } from "zod";
import { AUDIT_KINDS } from "@/lib/shared/audit-kinds";
import { dateSchema, idSchema, MAX_ID, plainDecimalSchema } from "./fragments";
import { fieldsParsed } from "./parsed-fields";
import { date, id, timestamp } from "./response-fields";

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_MAX_PAGE_SIZE = 100;
export const AUDIT_KIND_UNKNOWN = "Unbekannte Art";
const BAD_CURSOR = "Ungültiger Cursor";
const BAD_LIMIT = `Bitte gib eine Zahl von 1 bis ${AUDIT_MAX_PAGE_SIZE} an`;

/** The cursor: the last entry's created_at (epoch milliseconds) and id, e.g. `1795600000123_4711`. */
export const AUDIT_CURSOR = /^(\d{1,15})_(\d{1,10})$/;

/** GET /api/audit (docs/PRODUCT-RULES.md §27.5): every filter optional; from/to are days in the business's zone. */
export const auditQuerySchema = z
  .object({
    cursor: z
      .string({ error: BAD_CURSOR })
      .regex(AUDIT_CURSOR, { error: BAD_CURSOR })
      // The id is an int4 and the time a date the log can hold: anything else is no cursor we gave out.
      .refine(
        (cursor) => {
          const [, ms, id] = AUDIT_CURSOR.exec(cursor) ?? [];
          return Number(id) <= MAX_ID && Number(ms) <= 8_640_000_000_000;
        },
        { error: BAD_CURSOR },
      )
      .optional()
      .meta({ description: "`next_cursor` of the previous page" }),
    limit: plainDecimalSchema(
      z
        .number({ error: BAD_LIMIT })
        .int({ error: BAD_LIMIT })
        .min(1, { error: BAD_LIMIT })
        .max(AUDIT_MAX_PAGE_SIZE, { error: BAD_LIMIT })
        .default(AUDIT_PAGE_SIZE),
    ),
    user_id: idSchema.optional().meta({ description: "Only what this user did" }),
    kind: z
      .enum(AUDIT_KINDS, { error: AUDIT_KIND_UNKNOWN })
      .optional()
      .meta({ description: "Managers may ask for `shifts`, `vacations` and `unavailability` only (else 400)" }),
    from: dateSchema("Bitte gib from als JJJJ-MM-TT an").optional(),
    to: dateSchema("Bitte gib to als JJJJ-MM-TT an").optional(),
  })
  .superRefine((query, ctx) => {
    if (!fieldsParsed(ctx, "from", "to")) return;
    if (query.from && query.to && query.to < query.from) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "Das Bis-Datum darf nicht vor dem Von-Datum liegen" });
    }
  });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

// Answers: strict objects.

export const auditEntrySchema = z.strictObject({
  id,
  at: timestamp,
  user: z
    .strictObject({ id, username: z.string() })
    .nullable()
    .meta({ description: "Who acted; null for the system and for users deleted since" }),
  action: z.string().meta({ examples: ["shift.update"] }),
  kind: z.enum(AUDIT_KINDS),
  sentence: z.string().meta({
    examples: [
      "anna hat die Schicht von Max Muster am Mo 30.11.2026 in Bahnhof von 09:00–17:00 auf 10:00–18:00 geändert.",
    ],
  }),
  entity_type: z.string().nullable(),
  entity_id: z.number().int().nullable(),
  week: date.nullable().meta({
    description: "The Monday of the planner's week the entry is about (`/schedule?week=`); null for entries of no week",
  }),
});

export const auditPageSchema = z.strictObject({
  entries: z.array(auditEntrySchema),
  next_cursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next page; null on the last one" }),
});

export const auditPersonSchema = z.strictObject({ id, username: z.string() });
