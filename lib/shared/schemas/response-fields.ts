import { z } from "zod";

/**
 * Fields of the answers (the response schemas beside each resource's input
 * schemas): one instance each, so the OpenAPI document describes them alike.
 */
export const id = z.number().int().positive();
export const date = z.string().meta({ description: "Date yyyy-MM-dd", examples: ["2026-11-23"] });
export const time = z.string().meta({ description: "Time HH:MM", examples: ["08:00"] });
export const timestamp = z
  .string()
  .meta({ description: "ISO 8601 timestamp in UTC", examples: ["2026-11-23T08:15:00.000Z"] });
export const color = z.string().meta({ description: "Colour #RRGGBB", examples: ["#3B82F6"] });
