/** Undo of plan writes (docs/PRODUCT-RULES.md §27.7). */
import { z } from "zod";

/** The id of a plan change: every plan write answers one. */
export const changeIdSchema = z
  .uuid({ error: "Ungültige Änderung" })
  .meta({ description: "Id of this plan change; `POST /api/changes/{id}/undo` undoes it", format: "uuid" });

/** A path id that is no uuid answers 404, as every unknown path id (docs/ARCHITECTURE.md §2). */
export const changeParamsSchema = z.object({ id: z.uuid() });

/** POST /changes/{id}/undo answer. */
export const undoneChangeSchema = z.strictObject({
  message: z.string().meta({ examples: ["Änderung rückgängig gemacht"] }),
  change_id: changeIdSchema.meta({ description: "The undo itself is a change: undoing it restores the change" }),
  shifts: z.number().int().meta({ description: "How many shifts were put back" }),
});

/** DELETE /shifts/{id} answer. */
export const deletedShiftSchema = z.strictObject({
  message: z.string().meta({ examples: ["Schicht gelöscht"] }),
  change_id: changeIdSchema,
});
