/** The calendar feed's path (docs/PRODUCT-RULES.md §26.2). */
import { z } from "zod";

// The link ends in ".ics" so calendar apps recognise it; anything else names no feed (404).
export const calendarFeedParamsSchema = z.object({
  file: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}\.ics$/)
    .meta({ description: "`<token>.ics`: the secret token of the link, as shown once when it was created" }),
});

/** Where the feed of a token is served, relative to the app's address. */
export function calendarFeedPath(token: string): string {
  return `/api/calendar/${token}.ics`;
}
