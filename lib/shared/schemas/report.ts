import { z } from "zod";
import { idSchema } from "./fragments";
import { dateRangeQuerySchema } from "./shift";

/** ?start_date&end_date[&employee_id] of the hours report (JSON and PDF). */
export const hoursReportQuerySchema = z.intersection(
  dateRangeQuerySchema,
  z.object({ employee_id: idSchema.optional() }),
);
export type HoursReportQuery = z.infer<typeof hoursReportQuerySchema>;
