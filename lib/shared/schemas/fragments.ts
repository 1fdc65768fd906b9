/**
 * Zod fragments shared by the API (validation at the edge) and the browser
 * forms, so both sides give the same German messages (docs/PRODUCT-RULES.md §15).
 * Naming: `xxxSchema` for schemas, `XxxInput` for their types.
 */
import { z } from "zod";
import { de } from "zod/locales";
import { addDays, DATE_WINDOW_MESSAGE, isIsoDate, MAX_DATE, MIN_DATE, mondayOf } from "@/lib/shared/dates";
import { normalizeTime } from "@/lib/shared/hours";

// German fallback messages for anything a schema does not word itself.
z.config(de());

export const MAX_TEXT = 500;
export const MAX_NAME = 100;

/** The largest id: PostgreSQL's int4, which every id column is (docs/PRODUCT-RULES.md §30.4). */
export const MAX_ID = 2_147_483_647;

// A plain decimal: no sign, space, leading zero, exponent, hex or binary; at most 15 digits, which Number() reads
// exactly.
const PLAIN_DECIMAL = /^(?:0|[1-9][0-9]{0,14})$/;

/**
 * A whole number in a path or a query string, read strictly: Number() and z.coerce would read "0x7D0", "2e3", "+1"
 * and " 2026" as numbers, so only a plain decimal ("2026") is turned into a number; anything else stays a string and
 * is refused by `schema` with its own message (docs/PRODUCT-RULES.md §30.4). `schema` is the number's own check.
 */
export function plainDecimalSchema<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (typeof value === "string" && PLAIN_DECIMAL.test(value) ? Number(value) : value),
    schema,
  );
}

/** An id in a JSON body: a number, not a numeric string, at most MAX_ID. */
export function refIdSchema(message: string) {
  return z
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(MAX_ID, { error: message });
}

/**
 * An id in a path or a query string: a plain positive decimal ("17") at most 2,147,483,647 (MAX_ID); "0x1", "1e0",
 * "+1", " 1" and "01" name nothing (docs/PRODUCT-RULES.md §2.4, §30.4).
 */
export const idSchema = plainDecimalSchema(refIdSchema("Ungültige ID"));

/** A required, trimmed name of at most 100 characters. */
export function nameSchema(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .max(MAX_NAME, { error: `Höchstens ${MAX_NAME} Zeichen` });
}

/** Optional free text: empty strings become null. */
export const optionalTextSchema = z
  .string({ error: "Ungültiger Text" })
  .trim()
  .max(MAX_TEXT, { error: `Höchstens ${MAX_TEXT} Zeichen` })
  .nullish()
  .transform((value) => (value ? value : null));

/** A number in [min, max] in steps of 0.5 (weekly hours, vacation days). */
export function halfStepSchema(min: number, max: number, label: string) {
  return z
    .number({ error: `${label} muss eine Zahl sein` })
    .min(min, { error: `${label} muss zwischen ${min} und ${max} liegen` })
    .max(max, { error: `${label} muss zwischen ${min} und ${max} liegen` })
    .refine((value) => Number.isInteger(value * 2), { error: `${label} nur in Schritten von 0.5` });
}

/**
 * A calendar date yyyy-MM-dd between MIN_DATE and MAX_DATE (docs/PRODUCT-RULES.md §30.1). A time part
 * (2026-11-23T00:00:00) is accepted and dropped: a request may send a date with a time part (§2.1). One check
 * gives one message: `message` for no date at all, the window's for a date outside it.
 */
export function dateSchema(message = "Ungültiges Datum (erwartet JJJJ-MM-TT)") {
  return checkedDate(message, false).meta({
    description: `Date yyyy-MM-dd from ${MIN_DATE} to ${MAX_DATE} (a time part is ignored)`,
    examples: ["2026-11-23"],
  });
}

export const WEEK_WINDOW_MESSAGE = "Die Woche muss ganz zwischen 01.01.2000 und 31.12.2099 liegen";

/**
 * A date naming its Monday–Sunday week, for the writes that create shifts on every day of that week (applying a
 * template, the target of copying a week): the whole week lies in the window, so no shift is stored outside it
 * (docs/PRODUCT-RULES.md §30.1). The first such week starts 2000-01-03, the last 2099-12-21.
 */
export function weekDateSchema(message = "Ungültiges Datum (erwartet JJJJ-MM-TT)") {
  return checkedDate(message, true).meta({
    description:
      `Date yyyy-MM-dd naming its Monday–Sunday week, which lies within ${MIN_DATE} to ${MAX_DATE} ` +
      "(a time part is ignored)",
    examples: ["2026-11-23"],
  });
}

function checkedDate(message: string, wholeWeek: boolean) {
  return z
    .string({ error: message })
    .max(40, { error: message })
    .transform((value) => value.trim().slice(0, 10))
    .check((ctx) => {
      const value = ctx.value;
      if (!isIsoDate(value)) ctx.issues.push({ code: "custom", message, input: value });
      else if (value < MIN_DATE || value > MAX_DATE)
        ctx.issues.push({ code: "custom", message: DATE_WINDOW_MESSAGE, input: value });
      else if (wholeWeek && (mondayOf(value) < MIN_DATE || addDays(mondayOf(value), 6) > MAX_DATE))
        ctx.issues.push({ code: "custom", message: WEEK_WINDOW_MESSAGE, input: value });
    });
}

/** A clock time HH:MM or HH:MM:SS, answered as HH:MM. */
export function timeSchema(message = "Ungültige Uhrzeit (erwartet HH:MM)") {
  return z
    .string({ error: message })
    .max(8, { error: message })
    .refine((value) => normalizeTime(value) !== null, { error: message })
    .transform((value) => normalizeTime(value)!)
    .meta({ description: "Time HH:MM or HH:MM:SS", examples: ["08:00"] });
}

export const colorSchema = z
  .string({ error: "Farbe muss im Format #RRGGBB angegeben werden" })
  .regex(/^#[0-9A-Fa-f]{6}$/, { error: "Farbe muss im Format #RRGGBB angegeben werden" })
  .transform((value) => value.toUpperCase())
  .meta({ description: "Colour #RRGGBB", examples: ["#3B82F6"] });

/** Path parameters of /resource/[id] routes. */
export const idParamsSchema = z.object({ id: idSchema });

export const PASSWORD_TOO_SHORT = "Passwort muss mindestens 8 Zeichen lang sein";
const PASSWORD_TOO_LONG = "Passwort darf höchstens 72 Bytes lang sein";

/** A new password: ≥ 8 characters, ≤ 72 bytes (all that bcrypt reads). */
export const newPasswordSchema = z
  .string({ error: PASSWORD_TOO_SHORT })
  .min(8, { error: PASSWORD_TOO_SHORT })
  .refine((value) => new TextEncoder().encode(value).length <= 72, { error: PASSWORD_TOO_LONG });
