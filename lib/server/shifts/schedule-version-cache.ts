import "server-only";

/**
 * Answers built from the week view's data (shifts with employee and location
 * names), kept per process and keyed by the data's version in PostgreSQL
 * (`data_versions`, replaced by triggers in the same transaction as every
 * change; see the migration schedule_data_version).
 *
 * A route that serves from here asks route() for the current version
 * (`withScheduleVersion`), which reads it in the same statement as the user
 * (lib/server/auth/authenticate.ts): serving costs no extra query, and an
 * entry is used only while the database still holds the version it was
 * built under: a change made through any instance, or a restored backup, is
 * seen by the next request everywhere. An answer built from newer
 * data than its version (a change committed in between) is stored under the
 * older version, which is already outdated: it is never served.
 */
const MAX_ENTRIES = 64;
/** Only answers of ordinary size (a week is ~80 kB); a year of shifts is not worth the memory. */
const MAX_ENTRY_BYTES = 1_000_000;

const entries = new Map<string, { version: string; value: Uint8Array<ArrayBuffer> }>();

/** The answer text for `key` as UTF-8 (encoded once, sent many times), built when the version moved on. */
export async function cachedForScheduleVersion(
  key: string,
  version: string | null,
  build: () => Promise<string>,
): Promise<Uint8Array<ArrayBuffer>> {
  if (version === null) return utf8(await build());
  const cached = entries.get(key);
  if (cached?.version === version) {
    // Most recently used last: the first key is the one to evict.
    entries.delete(key);
    entries.set(key, cached);
    return cached.value;
  }
  const value = utf8(await build());
  entries.delete(key);
  if (value.byteLength <= MAX_ENTRY_BYTES) {
    entries.set(key, { version, value });
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  }
  return value;
}

const utf8 = (text: string) => new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;
