/**
 * PINs and the terminal, "Stempeluhr" (docs/PRODUCT-RULES.md §32.4): the PIN rule shared by /me, the admin and the
 * terminal's PIN pad, and the terminal's inputs and answers.
 */
import { z } from "zod";
import { nameSchema, refIdSchema } from "./fragments";
import { CLOCK_ACTIONS } from "./time-entry";
import { id, timestamp } from "./response-fields";
import { isTrivialPin, PIN_FORMAT, PIN_MAX, PIN_MIN, PIN_TOO_EASY } from "./terminal-pin";

export { isTrivialPin, PIN_FORMAT, PIN_MAX, PIN_MIN, PIN_TOO_EASY };

/** A new PIN: 4–6 digits, not trivial. */
export const newPinSchema = z
  .string({ error: PIN_FORMAT })
  .regex(new RegExp(`^[0-9]{${PIN_MIN},${PIN_MAX}}$`), { error: PIN_FORMAT })
  .refine((pin) => !isTrivialPin(pin), { error: PIN_TOO_EASY })
  .meta({ description: "4–6 digits; not one digit repeated, not a run like 1234 or 4321", examples: ["4711"] });

/** PUT /api/me/pin, PUT /api/employees/{id}/pin. */
export const pinInputSchema = z.object({ pin: newPinSchema });
export type PinInput = z.infer<typeof pinInputSchema>;

export const pinStatusSchema = z.strictObject({
  has_pin: z.literal(true),
  updated_at: timestamp,
});

/** POST /api/terminals. */
export const terminalCreateSchema = z.object({
  location_id: refIdSchema("Bitte wähle einen Standort aus"),
  name: nameSchema("Bitte gib einen Namen ein"),
});
export type TerminalCreateInput = z.infer<typeof terminalCreateSchema>;

export const terminalDtoSchema = z.strictObject({
  id,
  name: z.string(),
  location_id: id,
  location_name: z.string(),
  status: z.enum(["waiting", "paired", "revoked"]).meta({
    description: "waiting: not paired yet (a pairing link may be open); paired: a browser holds the credential",
  }),
  pairing_expires_at: timestamp.nullable().meta({ description: "The open pairing link's expiry; null when none" }),
  paired_at: timestamp.nullable(),
  revoked_at: timestamp.nullable(),
  paused_until: timestamp.nullable().meta({ description: "Paused after 30 wrong PINs in 15 minutes, until then" }),
  last_used_at: timestamp.nullable(),
  created_at: timestamp,
});
export type TerminalDto = z.infer<typeof terminalDtoSchema>;

/** The terminal with a new one-time pairing link; the token is in the fragment, so it reaches no server log. */
export const terminalPairingSchema = z.strictObject({
  terminal: terminalDtoSchema,
  pairing_path: z.string().meta({
    description: "Open it on the tablet (after the app's origin); works once, for 24 hours",
    examples: ["/terminal/pair#3q2-7wEjXyq1y9dP0vO2x1t7mC1ZbXv4fYk8cHq6uQ"],
  }),
  pairing_expires_at: timestamp,
});

/** POST /api/terminal/pair. */
export const terminalPairInputSchema = z.object({
  token: z.string({ error: "Ungültiger Kopplungslink" }).min(1, { error: "Ungültiger Kopplungslink" }).max(100),
});

export const terminalPairResultSchema = z.strictObject({
  credential: z.string().meta({
    description: "Shown this once: send it as `Authorization: Terminal <credential>`; only its hash is stored",
  }),
  terminal_name: z.string(),
  location_name: z.string(),
});

export const terminalTileSchema = z.strictObject({
  employee_id: id,
  name: z.string().meta({ description: "First name and the last name's initial", examples: ["Lea M."] }),
  planned_today: z.boolean().meta({ description: "Planned at this location today (these come first)" }),
  state: z.enum(["out", "in", "break"]),
  next_actions: z.array(z.enum(CLOCK_ACTIONS)),
  has_pin: z.boolean(),
});
export type TerminalTile = z.infer<typeof terminalTileSchema>;

export const terminalScreenSchema = z.strictObject({
  terminal_name: z.string(),
  location_name: z.string(),
  server_time: timestamp,
  staff: z.array(terminalTileSchema),
});
export type TerminalScreen = z.infer<typeof terminalScreenSchema>;

/** POST /api/terminal/clock. The PIN is checked, not validated for triviality (an old PIN still opens). */
export const terminalClockInputSchema = z.object({
  employee_id: refIdSchema("Bitte wähle eine Person aus"),
  pin: z.string({ error: PIN_FORMAT }).regex(new RegExp(`^[0-9]{${PIN_MIN},${PIN_MAX}}$`), { error: PIN_FORMAT }),
  action: z.enum(CLOCK_ACTIONS, { error: "Ungültige Aktion (in, break_start, break_end oder out)" }),
});
export type TerminalClockInput = z.infer<typeof terminalClockInputSchema>;

export const terminalClockResultSchema = z.strictObject({
  employee_id: id,
  state: z.enum(["out", "in", "break"]),
  next_actions: z.array(z.enum(CLOCK_ACTIONS)),
  at: timestamp.meta({ description: "The instant the server recorded" }),
  message: z.string().meta({ examples: ["Guten Morgen, Lea — eingestempelt 06:58"] }),
});
export type TerminalClockResult = z.infer<typeof terminalClockResultSchema>;
