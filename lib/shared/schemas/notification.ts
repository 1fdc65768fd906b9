/**
 * The inbox (docs/PRODUCT-RULES.md §33.1): messages to the signed-in user, newest first, with their unread count.
 */
import { z } from "zod";
import { plainDecimalSchema, refIdSchema } from "./fragments";
import { id, timestamp } from "./response-fields";
import { changedEmailSchema } from "./user";

export const NOTIFICATION_KINDS = [
  "shifts_changed",
  "vacation_decided",
  "application_assigned",
  "forgotten_clock_out",
  "monthly_statement",
  "swap",
  "webhook_disabled",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** A page of the inbox: this many messages. */
export const NOTIFICATIONS_PAGE = 30;
/** At most this many messages are marked read by naming them in one request. */
export const MAX_MARKED = 200;

const ID_MESSAGE = "Ungültige Nachrichten-ID";

/** GET /api/me/notifications: the newest page, or the page before the message `before`. */
export const notificationsQuerySchema = z.object({
  before: plainDecimalSchema(refIdSchema(ID_MESSAGE))
    .optional()
    .meta({ description: "`next_before` of the previous page: the messages older than this one" }),
});
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;

const MARK_MESSAGE = `Bitte nenne die gelesenen Nachrichten (ids, höchstens ${MAX_MARKED}) oder alle (all: true)`;

/** POST /api/me/notifications/read: the messages named, or all of the caller's. */
export const markReadSchema = z
  .object({
    ids: z
      .array(refIdSchema(ID_MESSAGE), { error: MARK_MESSAGE })
      .min(1, { error: MARK_MESSAGE })
      .max(MAX_MARKED, { error: MARK_MESSAGE })
      .optional(),
    all: z.literal(true, { error: MARK_MESSAGE }).optional(),
  })
  .refine((input) => (input.ids === undefined) !== (input.all === undefined), { error: MARK_MESSAGE });
export type MarkReadInput = z.infer<typeof markReadSchema>;

// Answers: strict objects (exactly these keys).

export const notificationDtoSchema = z.strictObject({
  id,
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string().meta({ description: 'The message in one line, German ("Ferien genehmigt: 01.12.–05.12.2026")' }),
  lines: z.array(z.string()).meta({ description: "Its details, one per line (e.g. one per changed shift)" }),
  link: z.string().meta({ description: 'Where it leads in the app, a path ("/me")' }),
  created_at: timestamp,
  read_at: timestamp.nullable(),
});
export type NotificationDto = z.infer<typeof notificationDtoSchema>;

export const notificationsPageSchema = z.strictObject({
  unread_count: z.int().meta({ description: "The caller's unread messages, all of them (the bell's figure)" }),
  notifications: z.array(notificationDtoSchema),
  next_before: id.nullable().meta({ description: "Pass as `before` for the older messages; null on the last page" }),
});
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;

export const markReadResultSchema = z.strictObject({
  marked: z.int().meta({ description: "Messages that were unread and are read now" }),
  unread_count: z.int(),
});

export const EMAIL_NEEDED = "Für Mitteilungen per E-Mail braucht es eine E-Mail-Adresse";

/** PUT /api/me/notification-settings (docs/PRODUCT-RULES.md §33.5): absent keys stay as they are. */
export const notificationSettingsUpdateSchema = z.object({
  email: changedEmailSchema,
  email_notifications: z.boolean({ error: "email_notifications muss true oder false sein" }).optional(),
});
export type NotificationSettingsUpdate = z.infer<typeof notificationSettingsUpdateSchema>;

export const notificationSettingsSchema = z.strictObject({
  email: z.string().nullable().meta({ description: "The account's e-mail address; null: none" }),
  email_notifications: z.boolean().meta({ description: "The inbox's messages also by e-mail to that address" }),
  email_available: z.boolean().meta({
    description: "Whether this server sends e-mail (SMTP_URL and MAIL_FROM set); without it the choice is kept",
  }),
});
export type NotificationSettingsDto = z.infer<typeof notificationSettingsSchema>;

/** GET /api/mail-status (admins, docs/PRODUCT-RULES.md §33.5): whether the server sends e-mail and what failed. */
export const mailStatusSchema = z.strictObject({
  enabled: z.boolean().meta({ description: "SMTP_URL and MAIL_FROM are set: messages are mailed to who asked" }),
  from: z.string().nullable().meta({ description: "MAIL_FROM, the sender; null while e-mail is off" }),
  waiting: z.int().meta({ description: "Mails queued or being tried again after a failure" }),
  failed: z
    .array(
      z.strictObject({
        notification_id: id,
        username: z.string(),
        title: z.string().meta({ description: "The message's title, the mail's subject" }),
        failed_at: timestamp,
        error: z.string().meta({ description: "The mail server's last answer" }),
      }),
    )
    .meta({ description: "Mails whose every try failed, newest first, at most 50" }),
});
export type MailStatusDto = z.infer<typeof mailStatusSchema>;
