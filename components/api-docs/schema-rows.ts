/**
 * Turns the JSON Schemas of the OpenAPI document into rows of a property
 * table for /api-docs: nested objects and arrays of objects become dotted
 * names (`shifts[].location_id`), references to named schemas stay links.
 */
export type JsonSchema = Record<string, unknown>;

export type SchemaRow = {
  name: string;
  type: string;
  /** The named schema a type refers to (components/schemas), for a link. */
  refs: string[];
  required: boolean;
  notes: string[];
};

const REF_PREFIX = "#/components/schemas/";

export function refName(schema: JsonSchema): string | null {
  return typeof schema.$ref === "string" && schema.$ref.startsWith(REF_PREFIX)
    ? schema.$ref.slice(REF_PREFIX.length)
    : null;
}

/** A short type text: `integer`, `string | null`, `array of Shift`, `"approved"`. */
export function typeText(schema: JsonSchema): { text: string; refs: string[] } {
  const ref = refName(schema);
  if (ref) return { text: ref, refs: [ref] };
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (union) {
    const parts = union.map(typeText);
    return { text: parts.map((p) => p.text).join(" | "), refs: parts.flatMap((p) => p.refs) };
  }
  if ("const" in schema) return { text: JSON.stringify(schema.const), refs: [] };
  if (Array.isArray(schema.enum))
    return { text: schema.enum.map((value) => JSON.stringify(value)).join(" | "), refs: [] };
  if (schema.type === "array") {
    const items = typeText((schema.items ?? {}) as JsonSchema);
    return { text: `array of ${items.text}`, refs: items.refs };
  }
  if (Array.isArray(schema.type)) return { text: schema.type.join(" | "), refs: [] };
  if (typeof schema.type === "string") return { text: schema.type, refs: [] };
  return { text: "any", refs: [] };
}

/** Constraints and meaning in words: "1–100 characters", "default 40", the description. */
export function notesOf(schema: JsonSchema): string[] {
  const notes: string[] = [];
  const branches = ((schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined) ?? [];
  for (const source of [schema, ...branches]) {
    if (typeof source.description === "string") notes.push(source.description);
    const { minLength, maxLength, minimum, maximum, exclusiveMinimum, pattern, format } = source;
    if (minLength !== undefined && maxLength !== undefined) notes.push(`${minLength}–${maxLength} characters`);
    else if (maxLength !== undefined) notes.push(`at most ${maxLength} characters`);
    else if (minLength !== undefined) notes.push(`at least ${minLength} characters`);
    if (exclusiveMinimum !== undefined) notes.push(`> ${exclusiveMinimum}`);
    if (minimum !== undefined) notes.push(`≥ ${minimum}`);
    if (maximum !== undefined && maximum !== Number.MAX_SAFE_INTEGER) notes.push(`≤ ${maximum}`);
    if (typeof format === "string") notes.push(`format ${format}`);
    else if (typeof pattern === "string") notes.push(`pattern ${pattern}`);
  }
  if ("default" in schema) notes.push(`default ${JSON.stringify(schema.default)}`);
  const examples = schema.examples;
  if (Array.isArray(examples) && examples.length > 0 && !notes.some((note) => note.startsWith("e.g.")))
    notes.push(`e.g. ${JSON.stringify(examples[0])}`);
  return [...new Set(notes)];
}

function objectOf(schema: JsonSchema): JsonSchema | null {
  if (schema.type === "object" && schema.properties) return schema;
  return null;
}

/** The rows of an object schema; an array of objects shows its items' properties as `[].name`. */
export function schemaRows(schema: JsonSchema, prefix = ""): SchemaRow[] {
  const object = objectOf(schema);
  if (!object) {
    if (schema.type === "array" && schema.items && objectOf(schema.items as JsonSchema))
      return schemaRows(schema.items as JsonSchema, `${prefix}[].`);
    return [];
  }
  const required = new Set((object.required as string[] | undefined) ?? []);
  return Object.entries(object.properties as Record<string, JsonSchema>).flatMap(([key, property]) => {
    const name = prefix + key;
    const { text, refs } = typeText(property);
    const row: SchemaRow = { name, type: text, refs, required: required.has(key), notes: notesOf(property) };
    const items = property.type === "array" ? (property.items as JsonSchema | undefined) : undefined;
    const nested = objectOf(property)
      ? schemaRows(property, `${name}.`)
      : items && objectOf(items)
        ? schemaRows(items, `${name}[].`)
        : [];
    return [row, ...nested];
  });
}
