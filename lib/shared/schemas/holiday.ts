import { z } from "zod";
import { date, id } from "./response-fields";

/**
 * The holiday regions one can choose (docs/PRODUCT-RULES.md §22): Switzerland's 26 cantons and
 * Germany's 16 Länder, plus Bavaria's two date-holidays sub-regions (Mariä Himmelfahrt is a public
 * holiday only in its mainly Catholic municipalities, the Friedensfest only in Augsburg). Plain data,
 * so the browser's pickers and the schemas use it without the date-holidays package (server-only,
 * ~1.4 MB); lib/server/holidays/holidays.test.ts checks every code against date-holidays.
 * Order: Switzerland, then Germany, each by name.
 */
export const HOLIDAY_REGIONS = [
  { code: "CH-AG", name: "Kanton Aargau", country: "CH" },
  { code: "CH-AR", name: "Kanton Appenzell Ausserrhoden", country: "CH" },
  { code: "CH-AI", name: "Kanton Appenzell Innerrhoden", country: "CH" },
  { code: "CH-BL", name: "Kanton Basel-Landschaft", country: "CH" },
  { code: "CH-BS", name: "Kanton Basel-Stadt", country: "CH" },
  { code: "CH-BE", name: "Kanton Bern", country: "CH" },
  { code: "CH-FR", name: "Kanton Freiburg", country: "CH" },
  { code: "CH-GE", name: "Kanton Genf", country: "CH" },
  { code: "CH-GL", name: "Kanton Glarus", country: "CH" },
  { code: "CH-GR", name: "Kanton Graubünden", country: "CH" },
  { code: "CH-JU", name: "Kanton Jura", country: "CH" },
  { code: "CH-LU", name: "Kanton Luzern", country: "CH" },
  { code: "CH-NE", name: "Kanton Neuenburg", country: "CH" },
  { code: "CH-NW", name: "Kanton Nidwalden", country: "CH" },
  { code: "CH-OW", name: "Kanton Obwalden", country: "CH" },
  { code: "CH-SH", name: "Kanton Schaffhausen", country: "CH" },
  { code: "CH-SZ", name: "Kanton Schwyz", country: "CH" },
  { code: "CH-SO", name: "Kanton Solothurn", country: "CH" },
  { code: "CH-SG", name: "Kanton St. Gallen", country: "CH" },
  { code: "CH-TI", name: "Kanton Tessin", country: "CH" },
  { code: "CH-TG", name: "Kanton Thurgau", country: "CH" },
  { code: "CH-UR", name: "Kanton Uri", country: "CH" },
  { code: "CH-VD", name: "Kanton Waadt", country: "CH" },
  { code: "CH-VS", name: "Kanton Wallis", country: "CH" },
  { code: "CH-ZG", name: "Kanton Zug", country: "CH" },
  { code: "CH-ZH", name: "Kanton Zürich", country: "CH" },
  { code: "DE-BW", name: "Baden-Württemberg", country: "DE" },
  { code: "DE-BY", name: "Bayern", country: "DE" },
  { code: "DE-BY-A", name: "Bayern (Stadt Augsburg)", country: "DE" },
  { code: "DE-BY-KATH", name: "Bayern (überwiegend katholische Gemeinden)", country: "DE" },
  { code: "DE-BE", name: "Berlin", country: "DE" },
  { code: "DE-BB", name: "Brandenburg", country: "DE" },
  { code: "DE-HB", name: "Bremen", country: "DE" },
  { code: "DE-HH", name: "Hamburg", country: "DE" },
  { code: "DE-HE", name: "Hessen", country: "DE" },
  { code: "DE-MV", name: "Mecklenburg-Vorpommern", country: "DE" },
  { code: "DE-NI", name: "Niedersachsen", country: "DE" },
  { code: "DE-NW", name: "Nordrhein-Westfalen", country: "DE" },
  { code: "DE-RP", name: "Rheinland-Pfalz", country: "DE" },
  { code: "DE-SL", name: "Saarland", country: "DE" },
  { code: "DE-SN", name: "Sachsen", country: "DE" },
  { code: "DE-ST", name: "Sachsen-Anhalt", country: "DE" },
  { code: "DE-SH", name: "Schleswig-Holstein", country: "DE" },
  { code: "DE-TH", name: "Thüringen", country: "DE" },
] as const satisfies readonly { code: string; name: string; country: "CH" | "DE" }[];

export type HolidayRegionCode = (typeof HOLIDAY_REGIONS)[number]["code"];

const REGION_NAMES = new Map<string, string>(HOLIDAY_REGIONS.map((region) => [region.code, region.name]));

export function isHolidayRegion(code: string): code is HolidayRegionCode {
  return REGION_NAMES.has(code);
}

/** "Kanton Zürich" for "CH-ZH"; the code itself for one no longer offered. */
export function holidayRegionName(code: string): string {
  return REGION_NAMES.get(code) ?? code;
}

export const UNKNOWN_REGION = "Unbekannte Feiertagsregion (z. B. CH-ZH, CH-BE, DE-BY)";

/** A region code of HOLIDAY_REGIONS, or null/"" for none (the company's, for a location). */
export const holidayRegionSchema = z
  .string({ error: UNKNOWN_REGION })
  .trim()
  .refine((code) => code === "" || isHolidayRegion(code), { error: UNKNOWN_REGION })
  .nullish()
  .transform((code) => (code ? code : null))
  .meta({ description: "Holiday region code, e.g. CH-ZH, CH-BE, DE-BY (GET /api/holiday-regions); null = none" });

// Answers: strict objects (exactly these keys; the OpenAPI document says
// additionalProperties: false, and tests parse real answers with them).

export const holidayRegionDtoSchema = z.strictObject({
  code: z.string().meta({ examples: ["CH-ZH"] }),
  name: z.string().meta({ description: "German name", examples: ["Kanton Zürich"] }),
  country: z.enum(["CH", "DE"]),
});

export const holidayDtoSchema = z.strictObject({
  date,
  name: z.string().meta({ description: "German name", examples: ["Berchtoldstag"] }),
  location_ids: z.array(id).meta({
    description:
      "Active locations whose region (their own, else the company's) has this holiday; " +
      "empty for a holiday of the company's region that no location follows",
  }),
});
