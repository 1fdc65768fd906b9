/**
 * Webhooks (docs/PRODUCT-RULES.md §37): an admin registers a URL and the events it gets; each event is a signed
 * JSON POST whose `data` is the JSON the API answers for the resource.
 */
import { z } from "zod";
import { MAX_NAME } from "./fragments";
import { publicationSchema } from "./publication";
import { date, id, timestamp } from "./response-fields";
import { shiftDtoSchema } from "./shift";
import { swapDtoSchema } from "./swap";
import { timeEntryDtoSchema } from "./time-entry";
import { timesheetMonthResultSchema } from "./timesheet";
import { vacationDtoSchema } from "./vacation";
import { PING_EVENT, WEBHOOK_EVENTS, type DeliveredEvent } from "@/lib/shared/webhook-events";

// The events live apart from zod, for the screen's first load; here for the schemas and the server.
export { PING_EVENT, WEBHOOK_EVENTS, type DeliveredEvent, type WebhookEvent } from "@/lib/shared/webhook-events";

export const MAX_WEBHOOK_URL = 2000;

export const WEBHOOK_URL_MESSAGE = "Bitte gib eine gültige Adresse an, die mit http:// oder https:// beginnt";
export const WEBHOOK_URL_CREDENTIALS = "Die Adresse darf keinen Benutzernamen und kein Passwort enthalten";
const EVENTS_MESSAGE = "Bitte wähle mindestens ein Ereignis aus";

function parsedUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** An http or https URL without credentials, at most 2,000 characters (the address check follows on the server). */
export const webhookUrlSchema = z
  .string({ error: WEBHOOK_URL_MESSAGE })
  .trim()
  .min(1, { error: WEBHOOK_URL_MESSAGE })
  .max(MAX_WEBHOOK_URL, { error: `Die Adresse darf höchstens ${MAX_WEBHOOK_URL} Zeichen lang sein` })
  .superRefine((value, ctx) => {
    const url = parsedUrl(value);
    if (!url || (url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname)
      ctx.addIssue({ code: "custom", message: WEBHOOK_URL_MESSAGE });
    else if (url.username || url.password) ctx.addIssue({ code: "custom", message: WEBHOOK_URL_CREDENTIALS });
  })
  .meta({
    description: "http or https, no credentials, at most 2,000 characters; its host must resolve to public addresses",
    examples: ["https://hooks.example.ch/schichtwerk"],
  });

const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS, { error: "Unbekanntes Ereignis" }), { error: EVENTS_MESSAGE })
  .min(1, { error: EVENTS_MESSAGE })
  .max(WEBHOOK_EVENTS.length, { error: "Jedes Ereignis nur einmal" })
  .refine((events) => new Set(events).size === events.length, { error: "Jedes Ereignis nur einmal" });

const webhookNameSchema = z
  .string({ error: "Ungültiger Name" })
  .trim()
  .max(MAX_NAME, { error: `Höchstens ${MAX_NAME} Zeichen` })
  .nullish()
  .transform((value) => (value ? value : null))
  .meta({ description: "A label for the list; empty or absent: none" });

/** POST /api/webhooks. */
export const webhookCreateSchema = z.object({
  name: webhookNameSchema,
  url: webhookUrlSchema,
  events: eventsSchema,
});
export type WebhookCreateInput = z.infer<typeof webhookCreateSchema>;

/** PUT /api/webhooks/{id}: the whole hook anew; `active: true` re-enables a disabled one. */
export const webhookUpdateSchema = webhookCreateSchema.extend({
  active: z.boolean({ error: "active muss ja oder nein sein" }),
  rotate_secret: z
    .boolean({ error: "rotate_secret muss ja oder nein sein" })
    .default(false)
    .meta({ description: "true: a new secret is made and answered once; the old one signs nothing more" }),
});
export type WebhookUpdateInput = z.infer<typeof webhookUpdateSchema>;

// Answers: strict objects (exactly these keys).

export const webhookDtoSchema = z.strictObject({
  id,
  name: z.string().nullable(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  active: z.boolean().meta({ description: "false: switched off by an admin, or disabled after 24 h of failures" }),
  failing_since: timestamp
    .nullable()
    .meta({ description: "Its deliveries fail since then, without a success between; null when healthy" }),
  last_success_at: timestamp.nullable(),
  disabled_at: timestamp.nullable().meta({ description: "Disabled after 24 h of failures; null otherwise" }),
  created_at: timestamp,
});
export type WebhookDto = z.infer<typeof webhookDtoSchema>;

const secretField = z.string().meta({
  description:
    "`whsec_` and 32 random bytes in base64url: the HMAC key of `X-Schichtwerk-Signature`. Shown this once; " +
    "only a sealed copy is stored",
  examples: ["whsec_8VYd3kq1m4Zf0bQ2sR7uX9cJ5nL6pT3wE1yA0hG4iK8"],
});

/** POST answers the hook with its secret. */
export const webhookCreatedSchema = webhookDtoSchema.extend({ secret: secretField });
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

/** PUT answers the hook, and the new secret when one was asked for. */
export const webhookSavedSchema = webhookDtoSchema.extend({ secret: secretField.optional() });
export type WebhookSaved = z.infer<typeof webhookSavedSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "retrying", "succeeded", "failed", "gave_up"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const webhookDeliveryDtoSchema = z.strictObject({
  id: z.uuid().meta({ description: "The `X-Schichtwerk-Delivery` header: the same on every try", format: "uuid" }),
  event: z.enum([...WEBHOOK_EVENTS, PING_EVENT]),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).meta({
    description:
      "pending: not tried yet; retrying: failed, tried again at next_attempt_at; succeeded: a 2xx answer; " +
      "failed: a test that failed (not retried); gave_up: 24 h of tries ran out, or the hook was disabled",
  }),
  attempts: z.int(),
  response_status: z.int().nullable().meta({ description: "The HTTP status of the last try; null: no answer" }),
  duration_ms: z.int().nullable().meta({ description: "How long the last try took" }),
  error: z
    .string()
    .nullable()
    .meta({ description: "Why the last try failed, German", examples: ["HTTP 500"] }),
  next_attempt_at: timestamp.nullable(),
  created_at: timestamp,
  finished_at: timestamp.nullable(),
  payload: z
    .unknown()
    .nullable()
    .meta({ description: "The body as sent; kept for the hook's newest 50 deliveries, null for older ones" }),
});
export type WebhookDeliveryDto = z.infer<typeof webhookDeliveryDtoSchema>;

/** `schedule.published`: the answer of POST /api/schedule/publish and the range it published. */
export const publishedEventDataSchema = publicationSchema.extend({
  start_date: date,
  end_date: date,
  location_ids: z.array(id).nullable().meta({ description: "The locations published; null: all" }),
});

export const pingDataSchema = z.strictObject({
  webhook_id: id,
  message: z.string().meta({ examples: ["Test von Schichtwerk"] }),
});

/** What `data` holds for each event: the JSON the API answers for that resource. */
export const WEBHOOK_EVENT_DATA = {
  "shift.created": shiftDtoSchema,
  "shift.updated": shiftDtoSchema,
  "shift.deleted": shiftDtoSchema,
  "schedule.published": publishedEventDataSchema,
  "vacation.requested": vacationDtoSchema,
  "vacation.approved": vacationDtoSchema,
  "vacation.rejected": vacationDtoSchema,
  "time_entry.created": timeEntryDtoSchema,
  "time_entry.updated": timeEntryDtoSchema,
  "timesheet.approved": timesheetMonthResultSchema,
  "swap.approved": swapDtoSchema,
  ping: pingDataSchema,
} as const satisfies Record<DeliveredEvent, z.ZodType>;

/** The body of every delivery. */
export function webhookBodySchema<E extends DeliveredEvent>(event: E) {
  return z.strictObject({
    event: z.literal(event),
    occurred_at: timestamp,
    data: WEBHOOK_EVENT_DATA[event],
  });
}
