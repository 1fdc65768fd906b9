/** Answers that belong to no one resource: the error body, a plain message, the health check. */
import { z } from "zod";

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

export const healthSchema = z.strictObject({
  status: z.enum(["ok", "error"]),
  db: z.enum(["ok", "unreachable"]),
  /** Only on 503: the API's error body, for clients that read every answer alike. */
  error: z.string().optional(),
  code: z.literal("service_unavailable").optional(),
});
