import "server-only";
import { ApiError } from "./errors";

export const MAX_BODY_BYTES = 1024 * 1024;
/** Arrays and objects inside each other; the deepest request (a week template's rows) needs 3. */
export const MAX_JSON_DEPTH = 64;

/**
 * Reads a JSON request body of at most 1 MiB. Malformed JSON is a 400, never
 * a 500; an empty body reads as `{}` so that the schema names what is missing.
 */
export async function readJsonBody(request: Request): Promise<unknown> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) throw new ApiError("payload_too_large");

  const bytes = await readAtMost(request, MAX_BODY_BYTES);
  if (bytes.length === 0) return {};
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError("invalid_json", "Anfragetext ist kein gültiges UTF-8");
  }
  if (text.trim() === "") return {};
  // Before JSON.parse: 100,000 nested arrays are 200 KB, and parsing them (or walking them below) overflowed the
  // stack, a 500 for bad input (docs/PRODUCT-RULES.md §30.4). No request of the API nests deeper than a few levels.
  if (nestingDeeperThan(text, MAX_JSON_DEPTH))
    throw new ApiError("invalid_json", `Anfragetext ist zu tief verschachtelt (höchstens ${MAX_JSON_DEPTH} Ebenen)`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError("invalid_json");
  }
  const nulAt = pathOfNulCharacter(value);
  if (nulAt !== null) {
    // PostgreSQL cannot store U+0000 in text; refuse it here with a clear message.
    const message = "Text darf kein Nullzeichen (\\u0000) enthalten";
    throw new ApiError("validation_failed", message, { fields: { [nulAt || "body"]: message } });
  }
  return value;
}

/**
 * Whether `text` opens more than `limit` arrays or objects inside each other: one pass over the text, brackets
 * inside strings not counted. Malformed text may pass; JSON.parse refuses it then.
 */
function nestingDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c /* \ */) i++;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
      if (++depth > limit) return true;
    } else if (char === 0x5d /* ] */ || char === 0x7d /* } */) depth--;
  }
  return false;
}

/** The path ("shifts.0.notes") of the first string containing U+0000, or null. */
function pathOfNulCharacter(value: unknown, path = ""): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  if (value === null || typeof value !== "object") return null;
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${key}` : key;
    if (key.includes("\u0000")) return childPath;
    const found = pathOfNulCharacter(child, childPath);
    if (found !== null) return found;
  }
  return null;
}

async function readAtMost(request: Request, limit: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new ApiError("payload_too_large");
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
