import type { z } from "zod";

/**
 * Checks form values with the same zod schema the API uses, so the browser
 * shows the server's German messages before sending (docs/PRODUCT-RULES.md §15). Answers the
 * parsed values, or the first message per field. A field is the top-level key; with `nested`, the whole path joined
 * by dots ("wage_types.night"), the way the server names the fields of its 400 (lib/server/api/error-response.ts), so
 * a form of records shows both at the same field.
 */
export function validate<S extends z.ZodType>(
  schema: S,
  values: unknown,
  { nested = false }: { nested?: boolean } = {},
): { data: z.infer<S>; errors: null } | { data: null; errors: Record<string, string> } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data, errors: null };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = (nested ? issue.path.map(String).join(".") : String(issue.path[0] ?? "")) || "form";
    errors[field] ??= issue.message;
  }
  return { data: null, errors };
}

/**
 * The server's 400 names an item's error by its place ("scopes.0", "events.2"): a form that shows it at the field
 * the list belongs to takes the first message per top-level key.
 */
export function byTopField(fields: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) errors[path.split(".")[0]] ??= message;
  return errors;
}
