/** Automatic filling of open shifts, "Automatisch besetzen" (docs/PRODUCT-RULES.md §28.2). */
import { z } from "zod";
import { daysBetween } from "@/lib/shared/dates";
import { changeIdSchema } from "./change";
import { locationIdsSchema } from "./employee";
import { dateSchema, refIdSchema } from "./fragments";
import { fieldsParsed } from "./parsed-fields";
import { id, timestamp } from "./response-fields";
import { shiftDtoSchema } from "./shift";

/** A month at most: the solver's model grows with the range, and a plan is made week by week anyway. */
export const MAX_AUTO_FILL_DAYS = 31;
/** At most this many assignments per apply (a month of a large business). */
export const MAX_APPLIED = 2000;

export const autoFillSchema = z
  .object({
    start_date: dateSchema("Bitte gib start_date als JJJJ-MM-TT an"),
    end_date: dateSchema("Bitte gib end_date als JJJJ-MM-TT an"),
    location_ids: locationIdsSchema()
      .optional()
      .meta({ description: "Only the open shifts at these locations; left out or empty = all active locations" }),
  })
  .superRefine((range, ctx) => {
    if (!fieldsParsed(ctx, "start_date", "end_date")) return;
    const span = daysBetween(range.start_date, range.end_date);
    if (span < 0)
      ctx.addIssue({ code: "custom", path: ["end_date"], message: "end_date darf nicht vor start_date liegen" });
    else if (span >= MAX_AUTO_FILL_DAYS)
      ctx.addIssue({
        code: "custom",
        path: ["end_date"],
        message: `Der Zeitraum darf höchstens ${MAX_AUTO_FILL_DAYS} Tage umfassen`,
      });
  })
  .transform((input) => ({
    ...input,
    location_ids: input.location_ids && input.location_ids.length > 0 ? input.location_ids : undefined,
  }));
export type AutoFillInput = z.infer<typeof autoFillSchema>;

export const proposedAssignmentSchema = z.strictObject({
  shift_id: id,
  employee_id: id,
  reasons: z.array(z.string()).meta({
    description: "Why this person, in German",
    examples: [["hat noch 12 h frei", "hat sich beworben"]],
  }),
  shift_updated_at: timestamp.meta({
    description: "The shift's last change when proposed; apply refuses the assignment if it changed since",
  }),
});

export const autoFillProposalSchema = z.strictObject({
  assignments: z.array(proposedAssignmentSchema),
  unfilled: z.array(
    z.strictObject({
      shift_id: id,
      reason: z.string().meta({
        description: "Why it stays open, in German",
        examples: ["niemand ohne Konflikt verfügbar: Anna Muster (Ferien), Ben Keller (Ruhezeit)"],
      }),
    }),
  ),
  left_out: z
    .array(
      z.strictObject({
        employee_id: id,
        name: z.string(),
        reason: z.string().meta({
          description: "Why the hourly employee gets no shift, in German",
          examples: ["arbeitet im Stundenlohn: Festangestellte mit freien Sollstunden gehen vor"],
        }),
      }),
    )
    .meta({ description: "Hourly employees the proposal gives no shift, each with the reason (§31.1)" }),
  stats: z.strictObject({
    open: z.int().meta({ description: "Open shifts of the range (at the chosen locations)" }),
    filled: z.int().meta({ description: "Of those, proposed" }),
    overtime_hours: z.number().meta({ description: "Hours above fixed employees' contract hours the plan adds" }),
    solve_ms: z.int().meta({ description: "Time the optimiser took, in milliseconds" }),
    optimal: z.boolean().meta({ description: "HiGHS proved that no better plan exists (within 5 % of the penalty)" }),
    gap: z.number().meta({ description: "Relative gap of the plan to the best bound proved; 0 when optimal" }),
  }),
});
export type AutoFillProposal = z.infer<typeof autoFillProposalSchema>;

export const applyAutoFillSchema = z.object({
  assignments: z
    .array(
      z.object({
        // int4 ids, like every id of a request: a larger one reached PostgreSQL and answered 500
        // (docs/PRODUCT-RULES.md §30.4).
        shift_id: refIdSchema("Ungültige Schicht"),
        employee_id: refIdSchema("Ungültiger Mitarbeiter"),
        shift_updated_at: z.iso.datetime({ offset: true, error: "shift_updated_at muss ein Zeitstempel sein" }),
      }),
      { error: "Bitte gib die Zuweisungen des Vorschlags an" },
    )
    .min(1, { error: "Der Vorschlag enthält keine Zuweisung" })
    .max(MAX_APPLIED, { error: `Höchstens ${MAX_APPLIED} Zuweisungen auf einmal` })
    .refine((items) => new Set(items.map((item) => item.shift_id)).size === items.length, {
      error: "Jede Schicht darf nur einmal vorkommen",
    }),
});
export type ApplyAutoFillInput = z.infer<typeof applyAutoFillSchema>;

export const appliedAutoFillSchema = z.strictObject({
  assigned: z.int(),
  shifts: z.array(shiftDtoSchema),
  change_id: changeIdSchema.meta({ description: "Undoes the whole apply: POST /api/changes/{change_id}/undo" }),
});
export type AppliedAutoFill = z.infer<typeof appliedAutoFillSchema>;
