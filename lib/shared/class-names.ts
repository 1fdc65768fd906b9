/**
 * Joins the truthy parts with a space: a long class list can be split into lines and conditional classes written
 * as `cond && "…"`, while every class stays a whole literal string Tailwind finds in the source.
 */
export function classNames(...parts: (string | false | null | undefined)[]): string {
  return parts.filter(Boolean).join(" ");
}
