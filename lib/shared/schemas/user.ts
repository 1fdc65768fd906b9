import { z } from "zod";
import { ROLES } from "@/lib/shared/roles";
import { newPasswordSchema, refIdSchema } from "./fragments";
import { id, timestamp } from "./response-fields";

const USERNAME_TOO_SHORT = "Benutzername muss mindestens 3 Zeichen lang sein";

export const usernameSchema = z
  .string({ error: USERNAME_TOO_SHORT })
  .trim()
  .min(3, { error: USERNAME_TOO_SHORT })
  .max(100, { error: "Benutzername darf höchstens 100 Zeichen lang sein" })
  .regex(/^[\p{L}\p{N}._@-]+$/u, { error: "Benutzername darf nur Buchstaben, Ziffern und . _ - @ enthalten" });

/** An e-mail address as sent: an address, or empty or null for none. */
const emailValueSchema = z.union(
  [
    z.literal(""),
    z.null(),
    z.email({ error: "Ungültige E-Mail-Adresse" }).max(254, { error: "E-Mail-Adresse zu lang" }),
  ],
  { error: "Ungültige E-Mail-Adresse" },
);

/** Optional e-mail: empty means none. */
export const optionalEmailSchema = emailValueSchema
  .optional()
  .transform((value) => (value ? value.toLowerCase() : null));

/** A changed e-mail: absent stays, empty or null removes it. */
export const changedEmailSchema = emailValueSchema
  .optional()
  .transform((value) => (value === undefined ? undefined : value ? value.toLowerCase() : null));

export const roleSchema = z.enum(ROLES, { error: "Rolle muss user, manager oder admin sein" });

export const EMPLOYEE_NOT_FOUND = "Mitarbeiter nicht gefunden";

/** The linked employee (docs/PRODUCT-RULES.md §26.1): an id, or null for none. */
export const linkedEmployeeSchema = refIdSchema(EMPLOYEE_NOT_FOUND).nullable();

export const createUserSchema = z.object({
  username: usernameSchema,
  email: optionalEmailSchema,
  password: newPasswordSchema,
  role: roleSchema.default("user"),
  employee_id: linkedEmployeeSchema.default(null),
  /** docs/PRODUCT-RULES.md §31.5: the new user sets a password of their own at the first login (default). */
  must_change_password: z.boolean({ error: "must_change_password muss true oder false sein" }).default(true),
});
export type CreateUserInput = z.infer<typeof createUserSchema>;

/**
 * PUT /users/{id}: change e-mail, role or linked employee, reset the password, or reset 2FA
 * (`reset_two_factor: true`, docs/PRODUCT-RULES.md §29.1). Absent keys stay as they are.
 */
export const updateUserSchema = z.object({
  email: changedEmailSchema,
  role: roleSchema.optional(),
  password: newPasswordSchema.optional(),
  /**
   * docs/PRODUCT-RULES.md §31.5: with a new `password`, whether the user must replace it at the next login
   * (default: yes, unless it is the admin's own account).
   */
  must_change_password: z.boolean({ error: "must_change_password muss true oder false sein" }).optional(),
  /** null unlinks. */
  employee_id: linkedEmployeeSchema.optional(),
  /** true: the user's 2FA is turned off (secret and recovery codes deleted); false changes nothing. */
  reset_two_factor: z.boolean({ error: "reset_two_factor muss true oder false sein" }).optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

// Answers: strict objects (exactly these keys; the OpenAPI document says
// additionalProperties: false, and tests parse real answers with them).

/** User JSON (docs/PRODUCT-RULES.md §7.6): never a hash, never a secret. */
export const userDtoSchema = z.strictObject({
  id,
  username: z.string(),
  email: z.string().nullable(),
  role: z.enum(ROLES),
  two_factor_enabled: z.boolean(),
  must_change_password: z.boolean().meta({
    description:
      "The user must set a password of their own before anything else (docs/PRODUCT-RULES.md §31.5): set when an " +
      "admin creates the account or resets its password, cleared by POST /api/auth/change-password",
  }),
  created_at: timestamp,
  employee_id: id.nullable().meta({ description: "The linked employee; null: none" }),
  employee_name: z.string().nullable().meta({ description: "First and last name of the linked employee" }),
});
