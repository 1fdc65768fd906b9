import type { z } from "zod";
import type { timesheetEmployeeSchema, timesheetSchema } from "@/lib/shared/schemas/timesheet";

/** GET /api/timesheets's answer and its parts, as the screen reads them. */
export type Timesheet = z.infer<typeof timesheetSchema>;
export type SheetEmployee = z.infer<typeof timesheetEmployeeSchema>;
export type SheetDay = SheetEmployee["days"][number];
export type SheetEntry = SheetDay["entries"][number];
export type SheetMonth = SheetEmployee["months"][number];
export type Option = { id: number; name: string };
