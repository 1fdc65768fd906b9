/**
 * Names sort the way a Swiss reader expects (Ağaoğlu, Müller, Şahin, Zürcher),
 * not by code point. Raw SQL sorts with the matching ICU collation
 * `COLLATE "de-CH-x-icu"` (PostgreSQL built with ICU, as the embedded one and
 * the official images are).
 */
const collator = new Intl.Collator("de-CH", { sensitivity: "base", numeric: true });

export const compareNames = (a: string, b: string) => collator.compare(a, b);
