/**
 * Access tokens of integrations (docs/PRODUCT-RULES.md §36): what an admin sends to create one, and the answers.
 * The token itself (`swk_…`) is in the answer of its creation only.
 */
import { z } from "zod";
import { TOKEN_SCOPES } from "@/lib/shared/token-scopes";
import { dateSchema, nameSchema } from "./fragments";
import { date, id, timestamp } from "./response-fields";

const SCOPES_MESSAGE = "Bitte wähle mindestens einen Bereich aus";

/** POST /api/access-tokens. */
export const accessTokenCreateSchema = z.object({
  name: nameSchema("Bitte gib einen Namen ein"),
  scopes: z
    .array(z.enum(TOKEN_SCOPES, { error: "Unbekannter Bereich" }), { error: SCOPES_MESSAGE })
    .min(1, { error: SCOPES_MESSAGE })
    .max(TOKEN_SCOPES.length, { error: "Jeden Bereich nur einmal" })
    .refine((scopes) => new Set(scopes).size === scopes.length, { error: "Jeden Bereich nur einmal" })
    .meta({ description: "At least one scope; each once" }),
  expires_on: dateSchema("Ungültiges Ablaufdatum (erwartet JJJJ-MM-TT)")
    .nullish()
    .transform((value) => value ?? null)
    .meta({ description: "The last day the token works (business time zone); null or left out: until revoked" }),
});
export type AccessTokenCreateInput = z.infer<typeof accessTokenCreateSchema>;

export const accessTokenDtoSchema = z.strictObject({
  id,
  name: z.string(),
  scopes: z.array(z.enum(TOKEN_SCOPES)),
  hint: z.string().meta({ description: "The token's first characters, e.g. `swk_Ab3d`", examples: ["swk_Ab3d"] }),
  expires_on: date.nullable(),
  status: z.enum(["active", "expired", "revoked", "creator_gone"]).meta({
    description:
      "active: works; expired: past `expires_on`; revoked: revoked by an admin; creator_gone: the admin who created " +
      "it was deleted or is no admin any more, so it does not work",
  }),
  last_used_at: timestamp.nullable().meta({ description: "The last request with it, to the minute; null: never" }),
  created_at: timestamp,
  created_by: z.string().nullable().meta({ description: "The creating admin's username; null once deleted" }),
  revoked_at: timestamp.nullable(),
});
export type AccessTokenDto = z.infer<typeof accessTokenDtoSchema>;

/** The answer of POST /api/access-tokens: the token, this once. */
export const accessTokenCreatedSchema = z.strictObject({
  access_token: accessTokenDtoSchema,
  token: z.string().meta({
    description: "`swk_` + 43 characters (256 random bits, base64url). Shown only here: only its hash is stored",
    examples: ["swk_2bH3kQ9xV0yZ1cR7mN5pL8tW4sA6dF0gJ2hK3lE9qU1"],
  }),
});
