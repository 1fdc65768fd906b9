/**
 * The events a webhook may subscribe to (docs/PRODUCT-RULES.md §37.1), in the order the screen lists them. Apart
 * from the schemas (./schemas/webhook.ts re-exports them) so that the screen «Integrationen» lists them without
 * loading zod with the page (its budget, bench/bundle-size.mjs).
 */
export const WEBHOOK_EVENTS = [
  "shift.created",
  "shift.updated",
  "shift.deleted",
  "schedule.published",
  "vacation.requested",
  "vacation.approved",
  "vacation.rejected",
  "time_entry.created",
  "time_entry.updated",
  "timesheet.approved",
  "swap.approved",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** "Test senden": sent to one hook on demand, never subscribed to. */
export const PING_EVENT = "ping";
export type DeliveredEvent = WebhookEvent | typeof PING_EVENT;
