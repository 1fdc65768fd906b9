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
type VersionCacheOptions<T> = {
  /** Entries kept; the least recently used one goes first. */
  maxEntries: number;
  /** Values larger than this are answered but not kept. */
  maxEntryBytes: number;
  sizeOf: (value: T) => number;
};

/**
 * A cache of values built from the schedule data, each kept under the data version it was built under and used
 * only while the database still holds that version (see above). `null` as version (no row yet): always built.
 */
export function createVersionCache<T>({ maxEntries, maxEntryBytes, sizeOf }: VersionCacheOptions<T>) {
  const entries = new Map<string, { version: string; value: T }>();
  return async function cached(key: string, version: string | null, build: () => Promise<T>): Promise<T> {
    if (version === null) return build();
    const hit = entries.get(key);
    if (hit?.version === version) {
      // Most recently used last: the first key is the one to evict.
      entries.delete(key);
      entries.set(key, hit);
      return hit.value;
    }
    const value = await build();
    entries.delete(key);
    if (sizeOf(value) <= maxEntryBytes) {
      entries.set(key, { version, value });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    }
    return value;
  };
}

const utf8 = (text: string) => new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;

// A week is ~80 kB; a year of shifts is not worth the memory.
const scheduleAnswers = createVersionCache<Uint8Array<ArrayBuffer>>({
  maxEntries: 64,
  maxEntryBytes: 1_000_000,
  sizeOf: (value) => value.byteLength,
});

/** The answer text for `key` as UTF-8 (encoded once, sent many times), built when the version moved on. */
export function cachedForScheduleVersion(
  key: string,
  version: string | null,
  build: () => Promise<string>,
): Promise<Uint8Array<ArrayBuffer>> {
  return scheduleAnswers(key, version, async () => utf8(await build()));
}
